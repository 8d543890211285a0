"""Reading a log's header for a game (:func:`read_header`) and a claim's value
(:func:`parse_claim`): the common tags every game shares, for
:mod:`companion.games.base`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import (
    BadSeedInLogError,
    LogError,
    ParameterError,
    PayloadError,
    SeedError,
    UnknownEditionInLogError,
)
from companion.games.model import Header
from companion.log import LogFile, Tag, is_number
from companion.seeds import is_payload, normalize_seed, parse_payload
from companion.text import shown

if TYPE_CHECKING:
    from companion.games.base import Game


MAX_CLAIM_DIGITS = 12
"""A claim of more digits is no score any game reaches (and ``int`` of thousands of
digits is slow): it is refused as too long, not read."""
_MINUS_SIGNS = "-\u2212"  # the hyphen-minus, and the minus sign U+2212 a player may copy


def parse_claim(text: str) -> int:
    """A ``[Claim]`` value as the score it claims: the digits 0-9 with one optional sign
    (``-``, ``+`` or the minus sign U+2212), spaces around. Every command reads claims
    here. Raises ValueError with a sentence for anything else (``--5``, ``1e5``, ``٣``,
    ``²``, an empty value, 5,000 digits)."""
    body = text.strip()
    first = body[:1]
    digits = body[1:] if first and first in _MINUS_SIGNS + "+" else body
    if not is_number(digits):
        what = shown(text) if body else "an empty value"
        raise ValueError(f"the claim must be a whole number such as 12 or -3, not {what}")
    if len(digits.lstrip("0")) > MAX_CLAIM_DIGITS:
        raise ValueError(f"the claim {shown(text)} is too long for a score: a whole "
                         f"number of at most {MAX_CLAIM_DIGITS} digits")
    return -int(digits) if first and first in _MINUS_SIGNS else int(digits)


def read_header(log: LogFile, game: Game) -> Header:
    """Read the common tags (Seed, parameters, Variant, Claim) of ``log`` for ``game``.

    Raises LogError at the offending tag: a bad seed, a payload for another game or
    version, a parameter out of range or contradicting the payload, an unknown variant,
    a claim that is not a whole number.
    """
    file = log.file

    def err(tag: Tag, message: str, rule: str) -> LogError:
        cls = (UnknownEditionInLogError if rule == "edition" else
               BadSeedInLogError if tag.key == "seed" else LogError)
        return cls(message, file, tag.line, tag.value_column, rule)

    seed: str | None = None
    from_payload: dict[str, str] = {}
    payload_edition: int | None = None
    seed_tag = log.tag("seed")
    if seed_tag is not None:
        try:
            if is_payload(seed_tag.value):
                payload = parse_payload(seed_tag.value)
                if payload.game != game.code:
                    raise err(seed_tag, f"the seed payload is for game {payload.game!r}, "
                              f"but this log is {game.name} ({game.code!r})", "seed")
                if not payload.seed:
                    raise err(seed_tag, "the seed payload names no seed: give the seed "
                              "printed on the game's sheets", "seed")
                seed = payload.seed
                from_payload = dict(payload.params)
                try:
                    payload_edition = game.check_edition(payload.edition)
                except PayloadError as exc:
                    raise err(seed_tag, str(exc), "edition") from None
            else:
                seed = normalize_seed(seed_tag.value)
        except (SeedError, PayloadError) as exc:
            raise err(seed_tag, str(exc), "seed") from None

    edition = payload_edition or game.edition
    etag = log.tag("edition")
    if etag is not None:
        try:
            edition = game.check_edition(etag.value)
        except PayloadError as exc:
            raise err(etag, str(exc), "edition") from None
        if payload_edition is not None and edition != payload_edition:
            raise err(etag, f"Edition {edition} contradicts the seed payload's edition "
                      f"{payload_edition}", "edition-mismatch")

    # a sheet's payload may stand in the Seed tag: its game parameters count, the names
    # of the sheet (kind, floor, level) only say which page it was, variant= sets them
    payload_params: dict[str, int] = {}
    payload_variants: frozenset[str] | None = None
    if seed_tag is not None:
        try:
            payload_params, payload_variants = game.check_payload(from_payload)
        except PayloadError as exc:
            raise err(seed_tag, f"seed {exc}", "parameter") from None
    params: dict[str, int] = {}
    for p in game.params:
        tag = log.tag(p.tag)
        value: int | None = None
        if tag is not None:
            try:
                value = p.check(tag.value)
            except ParameterError as exc:
                raise err(tag, f"{p.tag}: {exc}", "parameter") from None
        if p.name in payload_params:
            pv = payload_params[p.name]
            if value is not None and value != pv and tag is not None:
                raise err(tag, f"{p.tag} {value} contradicts the seed payload's "
                          f"{p.name}={pv}", "parameter")
            value = pv
        params[p.name] = p.default if value is None else value

    variants: set[str] = set()
    vtag = log.tag("variant")
    if vtag is not None:
        for raw in vtag.value.split(","):
            v = raw.strip().lower()
            if not v:
                continue
            if v not in game.variants:
                known_v = ", ".join(game.variants) or "none"
                raise err(vtag, f"unknown variant {shown(raw.strip())} (known: {known_v})",
                          "variant")
            variants.add(v)
        if payload_variants is not None and variants != set(payload_variants):
            raise err(vtag, f"Variant {shown(vtag.value)} contradicts the seed payload's "
                      f"variant={'+'.join(sorted(payload_variants))}", "variant")
    elif payload_variants is not None:
        variants = set(payload_variants)

    claim: int | None = None
    ctag = log.tag("claim")
    if ctag is not None:
        try:
            claim = parse_claim(ctag.value)
        except ValueError as exc:
            raise err(ctag, str(exc), "claim") from None

    if game.seeded_only and seed is None:
        raise LogError(f"{game.name} logs need a [Seed \"...\"] tag before the first action: "
                       f"its maps are seeded", file, log.header_end, 1, "seed")
    return Header(log=log, seed=seed, params=params, variants=frozenset(variants), claim=claim,
                  edition=edition)
