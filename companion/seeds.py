"""Seeds and QR payloads (``docs/command-line.md``).

A seed is 1 to 32 letters, digits and dashes, case-insensitive: it is kept in upper
case, so ``k7q2-9xma`` and ``K7Q2-9XMA`` are the same seed. Fresh seeds are 8
characters of Crockford base32 (no I, L, O, U) in two groups of four.

A payload is ``companion:N/GAME/SEED[/key=value...]``: ``N`` is the game's rules
edition (its numbers and generator), GAME a short code (``sd``, ``ctd``, ``du``, ``ds``).
Whether a game has edition ``N`` is the game's to say (``Game.check_edition``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from companion.errors import PayloadError, SeedError

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MAX_SEED = 32
PAYLOAD_SCHEME = "companion"
MAX_EDITION = 999
_SEED_RE = re.compile(r"[A-Za-z0-9-]{1,32}")
_KEY_RE = re.compile(r"[a-z][a-z0-9-]{0,15}")
_VALUE_RE = re.compile(r"[A-Za-z0-9,.+-]{1,32}")


def normalize_seed(text: str) -> str:
    """The canonical (upper-case) form of a seed.

    Raises SeedError if ``text`` is empty, longer than 32 characters, or holds anything
    but letters, digits and dashes.
    """
    s = text.strip()
    if not s:
        raise SeedError("empty seed: a seed is 1 to 32 letters, digits and dashes")
    if len(s) > MAX_SEED:
        raise SeedError(f"seed {s[:40]!r} is {len(s)} characters long; at most {MAX_SEED}")
    if not _SEED_RE.fullmatch(s):
        bad = next(ch for ch in s if not (ch.isascii() and (ch.isalnum() or ch == "-")))
        raise SeedError(
            f"seed {repr(s)[:40]} holds {bad!r}: a seed is letters, digits and dashes only"
        )
    return s.upper()


def fresh_seed(entropy: bytes | None = None) -> str:
    """A new seed like ``K7Q2-9XMA`` (40 bits of entropy from the OS unless given)."""
    raw = entropy if entropy is not None else os.urandom(5)
    n = int.from_bytes(raw[:5].ljust(5, b"\x00"), "big")
    chars = [CROCKFORD[(n >> (5 * i)) & 31] for i in range(7, -1, -1)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


@dataclass(frozen=True)
class Payload:
    """A decoded QR payload: game code, seed, parameters (keys in lower case) and the
    game's rules edition the sheet was printed under. A sheet that does not depend on
    a seed (a plain deck, a calibration sheet) has seed ``""`` and its payload leaves
    the seed out: ``companion:1/ctd/kind=deck``."""

    game: str
    seed: str
    params: dict[str, str] = field(default_factory=dict)
    edition: int = 1

    def qr_text(self) -> str:
        """The payload as its QR code holds it: upper case, ``KEY:VALUE``, so that every
        character is in the QR alphanumeric set (5.5 bits a character instead of 8: a
        smaller code, larger modules at the same width). Read back by
        :func:`parse_payload` like the canonical form."""
        tail = "".join(f"/{k}:{v}" for k, v in self.params.items())
        seed = f"/{self.seed}" if self.seed else ""
        return f"{PAYLOAD_SCHEME}:{self.edition}/{self.game}{seed}{tail}".upper()

    def encode(self) -> str:
        """The payload text, parameters in the order given."""
        tail = "".join(f"/{k}={v}" for k, v in self.params.items())
        seed = f"/{self.seed}" if self.seed else ""
        return f"{PAYLOAD_SCHEME}:{self.edition}/{self.game}{seed}{tail}"

    def __str__(self) -> str:
        return self.encode()


def is_payload(text: str) -> bool:
    """Whether ``text`` looks like a payload (starts with ``companion:``), valid or not."""
    return text.strip().lower().startswith(PAYLOAD_SCHEME + ":")


def parse_payload(text: str, known_games: tuple[str, ...] | None = None) -> Payload:
    """Decode ``companion:N/GAME/SEED[/key=value...]``, or ``companion:N/GAME/key=value
    [/key=value...]`` for a sheet that does not depend on a seed (seed ``""``). Case
    does not matter, and ``KEY:VALUE`` stands for ``key=value`` (the QR code's form,
    :meth:`Payload.qr_text`); values are read in lower case.

    Raises PayloadError if the text is not a payload, has no edition number (1 to 999),
    names a game not in ``known_games`` (when given), holds a bad seed, or a malformed
    or repeated parameter. Never guesses. Whether the game has that edition is checked
    by the game (``Game.check_edition``), which every reader of payloads calls.
    """
    s = text.strip()
    if not is_payload(s):
        raise PayloadError(f"not a companion payload: {s[:40]!r}")
    rest = s[len(PAYLOAD_SCHEME) + 1 :]
    parts = rest.split("/")
    version_text = parts[0]
    if (version_text.isascii() and version_text.isdigit() and len(version_text) > 9
            and not version_text.startswith("0")):
        shown = version_text[:12] + ("..." if len(version_text) > 12 else "")
        raise PayloadError(f"payload {s[:40]!r} names edition {shown}: no game has an "
                           f"edition that high")
    if (not (version_text.isascii() and version_text.isdigit()) or len(version_text) > 9
            or (version_text.startswith("0") and version_text != "0")):
        raise PayloadError(f"malformed payload {s[:40]!r}: no edition number after "
                           "'companion:' (digits, no leading zero)")
    edition = int(version_text)
    if not 1 <= edition <= MAX_EDITION:
        raise PayloadError(f"payload {s[:40]!r} names edition {edition}: editions are "
                           f"numbered from 1")
    if len(parts) < 3 or not parts[1] or not parts[2]:
        raise PayloadError(f"malformed payload {s[:40]!r}: expected companion:N/GAME/SEED")
    game = parts[1].lower()
    if known_games is not None and game not in known_games:
        raise PayloadError(
            f"payload {s[:40]!r} names game {game!r}; known: {', '.join(known_games)}"
        )
    seedless = "=" in parts[2] or ":" in parts[2]  # a sheet that does not depend on a seed
    try:
        seed = "" if seedless else normalize_seed(parts[2])
    except SeedError as exc:
        raise PayloadError(f"payload {s[:40]!r}: {exc}") from None
    params: dict[str, str] = {}
    for part in parts[2 if seedless else 3:]:
        key, sep, value = part.partition("=")
        if not sep:  # the QR code's form: KEY:VALUE in upper case
            key, sep, value = part.partition(":")
        key, value = key.lower(), value.lower()
        if not sep or not _KEY_RE.fullmatch(key) or not _VALUE_RE.fullmatch(value):
            raise PayloadError(f"malformed payload parameter {part[:40]!r} in {s[:40]!r}")
        if key in params:
            raise PayloadError(f"payload {s[:40]!r} repeats parameter {key!r}")
        params[key] = value
    return Payload(game=game, seed=seed, params=params, edition=edition)


def canonical_payload(text: str) -> str:
    """A companion payload as the program writes it everywhere (QR codes hold its
    upper-case ``KEY:VALUE`` form, :meth:`Payload.qr_text`); a malformed payload or any
    other text as it is."""
    if is_payload(text):
        try:
            return parse_payload(text).encode()
        except PayloadError:
            return text
    return text
