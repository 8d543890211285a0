"""Property tests for every parser that takes user input: cards, cells, seeds, QR
payloads, layout TOML, command-line options, every game's verbs, and mutated valid logs
of all four games.

The only outcomes allowed are a result or the documented error (a CompanionError
subclass; exit code 0, 1 or 2 on the command line): never another exception, a
traceback, or a hang. Mutating one line of a valid log must either still validate or
be reported at that line or later, never earlier.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import string

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.cards import JOKER, RANK_NAMES, SUITS, Card, parse_card, standard_deck
from companion.cli import app
from companion.errors import (
    CardError,
    LayoutError,
    LogError,
    NotationError,
    PayloadError,
    SeedError,
    UnreadableLogError,
)
from companion.games import GAME_NAMES, all_games, get_game
from companion.log import Token, parse_log
from companion.paper.layout import parse_layout
from companion.replay import validate_text
from companion.seeds import Payload, fresh_seed, normalize_seed, parse_payload
from companion.simulate import play, start_state, vocabulary

FAST = settings(deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLI = settings(deadline=None, max_examples=20,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.function_scoped_fixture])

# --- shared strategies ---------------------------------------------------------------------

CARD_CHARS = "AaKkQqJjTt0123456789SsHhDdCc♠♥♦♣♤♡♢♧\ufe0f\ufe0e -+xXoO²٣ßﬀ"
card_like = st.text(alphabet=CARD_CHARS, max_size=6)
any_text = st.text(max_size=40)
huge_digits = st.integers(min_value=5000, max_value=20_000).map(lambda n: "9" * n)
absurd_int = st.one_of(st.integers(), st.sampled_from([10**9, -1, 0, 2**63, -(2**63)]))
number_text = st.one_of(absurd_int.map(str), huge_digits, any_text,
                        st.sampled_from(["1e3", "0x10", "٣", "²", " 7 ", "+5", "-0", "1_0"]))
SEEDISH = string.ascii_letters + string.digits + "-_ ,./:éİı\u200b"
seed_text = st.one_of(st.text(alphabet=SEEDISH, max_size=40), any_text,
                      st.integers(33, 2000).map(lambda n: "A" * n))


def card_strings() -> st.SearchStrategy[str]:
    """Valid spellings of cards (symbols, letters, any case, T for 10, selectors)."""
    def spell(card: Card, use_letter: bool, lower: bool, ten_as_t: bool, vs: str) -> str:
        if card.is_joker:
            return "jk" if lower else "JK"
        rank = "T" if ten_as_t and card.rank == 10 else card.rank_name
        suit = card.suit.letter if use_letter else card.suit.symbol
        text = rank + suit + (vs if not use_letter else "")
        return text.lower() if lower else text
    return st.builds(spell, st.sampled_from([*standard_deck(), JOKER]), st.booleans(),
                     st.booleans(), st.booleans(), st.sampled_from(["", "\ufe0f", "\ufe0e"]))


# --- cards ---------------------------------------------------------------------------------


@FAST
@given(st.one_of(card_like, any_text))
def test_parse_card_gives_a_card_or_a_card_error(text):
    try:
        card = parse_card(text)
    except CardError as exc:
        assert str(exc)
        return
    assert parse_card(str(card)) == card and parse_card(card.ascii()) == card


@FAST
@given(st.sampled_from([*standard_deck(), JOKER]))
def test_every_card_round_trips_through_every_spelling(card):
    spellings = {str(card), card.ascii(), str(card).lower(), card.ascii().lower(),
                 str(card) + "\ufe0f", f"  {card}  "}
    if card.rank == 10:
        spellings |= {"T" + card.suit.letter, "t" + card.suit.letter.lower()}
    for s in spellings:
        assert parse_card(s) == card, s


@FAST
@given(card_strings())
def test_generated_card_spellings_parse(text):
    card = parse_card(text)
    assert card.is_joker or card.rank_name in RANK_NAMES and card.suit in SUITS


# --- seeds and payloads --------------------------------------------------------------------


@FAST
@given(seed_text)
def test_seeds_normalise_or_raise_seed_error(text):
    try:
        seed = normalize_seed(text)
    except SeedError as exc:
        assert len(str(exc)) < 200  # an absurd seed is not echoed back whole
        return
    assert 1 <= len(seed) <= 32 and seed == seed.upper() and normalize_seed(seed) == seed


@FAST
@given(st.binary(min_size=0, max_size=8))
def test_fresh_seeds_are_valid_seeds(entropy):
    seed = fresh_seed(entropy)
    assert normalize_seed(seed) == seed and len(seed) == 9 and seed[4] == "-"


GAME_CODES = tuple(g.code for g in all_games())
payload_keys = st.from_regex(r"[a-z][a-z0-9-]{0,15}", fullmatch=True)
payload_values = st.from_regex(r"[A-Za-z0-9,.+-]{1,32}", fullmatch=True)


@FAST
@given(st.sampled_from(GAME_CODES), st.from_regex(r"[A-Z0-9-]{1,32}", fullmatch=True),
       st.dictionaries(payload_keys, payload_values, max_size=4))
def test_payloads_round_trip(game, seed, params):
    text = Payload(game, seed, params).encode()
    back = parse_payload(text, GAME_CODES)
    lower = {k: v.lower() for k, v in params.items()}  # values read case-insensitively
    assert (back.game, back.seed, back.params) == (game, seed, lower)
    assert parse_payload(back.qr_text(), GAME_CODES) == back
    assert parse_payload(text.upper().replace("COMPANION:", "companion:")).seed == seed


payload_like = st.one_of(
    any_text,
    st.builds(lambda v, g, s, tail: f"companion:{v}/{g}/{s}{tail}",
              st.one_of(st.integers(-2, 5).map(str), huge_digits, st.sampled_from(["", "²", "x"])),
              st.one_of(st.sampled_from(GAME_CODES), any_text), seed_text,
              st.lists(st.one_of(any_text, st.builds("{}={}".format, any_text, any_text)),
                       max_size=4).map(lambda xs: "".join("/" + x for x in xs))),
)


@FAST
@given(payload_like, st.booleans())
def test_payloads_parse_or_raise_payload_error(text, restrict):
    try:
        p = parse_payload(text, GAME_CODES if restrict else None)
    except PayloadError as exc:
        assert len(str(exc)) < 400
        return
    assert parse_payload(p.encode()) == p


@FAST
@given(st.sampled_from(GAME_CODES), st.data())
def test_a_mutated_payload_parses_or_raises_payload_error(game, data):
    text = Payload(game, "K7Q2-9XMA", {"size": "7", "kind": "stack"}).encode()
    i = data.draw(st.integers(0, len(text)))
    op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
    ch = data.draw(st.characters())
    mutated = {"insert": text[:i] + ch + text[i:], "delete": text[:i] + text[i + 1:],
               "replace": text[:i] + ch + text[i + 1:]}[op]
    with contextlib.suppress(PayloadError):
        assert parse_payload(mutated, GAME_CODES).game in GAME_CODES


# --- layout TOML ---------------------------------------------------------------------------

LAYOUT_KEYS = ["name", "description", "kind", "landscape", "margin", "item_w", "item_h",
               "cols", "rows", "gap", "bleed", "safe", "crop_marks", "duplex", "qr_size",
               "papers"]
toml_key = st.one_of(st.sampled_from(LAYOUT_KEYS), st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,12}",
                                                                  fullmatch=True))


def _toml_scalar() -> st.SearchStrategy[str]:
    return st.one_of(
        absurd_int.map(str), st.floats(allow_nan=False, allow_infinity=False).map(repr),
        st.sampled_from(["nan", "inf", "-inf", "true", "false", "1979-05-27", "0x1F", "1e400"]),
        st.sampled_from(["grid", "page", "booklet", "a4", "letter", "none", "long-edge"])
        .map(json.dumps),
        any_text.map(json.dumps),
    )


toml_value = st.recursive(_toml_scalar(), lambda inner: st.one_of(
    st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.dictionaries(st.from_regex(r"[a-z]{1,5}", fullmatch=True), inner, max_size=2)
    .map(lambda d: "{" + ", ".join(f"{k} = {v}" for k, v in d.items()) + "}")), max_leaves=6)


@FAST
@given(st.lists(st.tuples(toml_key, toml_value), max_size=8),
       st.lists(st.from_regex(r"\[[a-z.]{1,8}\]", fullmatch=True), max_size=2))
def test_layout_toml_gives_a_layout_or_a_layout_error(pairs, tables):
    text = "\n".join(f"{k} = {v}" for k, v in pairs) + "\n" + "\n".join(tables)
    try:
        parse_layout(text, source="prop.toml")
    except LayoutError as exc:
        assert "prop.toml" in str(exc) and len(str(exc)) < 600


@FAST
@given(st.sampled_from(["kind = ", "papers = ", "a = ", ""]),
       st.sampled_from(["[", "{x = ", "a.", "[[t]]\n", '"', "'''"]), st.integers(1, 5000))
def test_deep_or_huge_layout_toml_is_refused_clearly(prefix, unit, depth):
    with pytest.raises(LayoutError):
        parse_layout(prefix + unit * depth, source="deep.toml")


# --- cells, verbs and arguments of every game ------------------------------------------------


@functools.cache
def game_state(game_name: str, size: int | None = None):
    game = get_game(game_name)
    tags = {"Game": game.name, "Seed": "PROPS"}
    if size is not None:
        tags[game.params[0].tag] = str(size)
    return game, start_state(game, tags)[1]


def _line(text: str):
    log = parse_log('[Game "x"]\n' + text + "\n")
    return log.actions[0]


CELL_TOKENS = st.one_of(
    st.builds("{}{}".format, st.sampled_from(string.ascii_letters), st.integers(0, 1000)),
    st.from_regex(r"[a-zA-Z][0-9]{1,4}", fullmatch=True),
    st.text(alphabet="abcz019XY²٣-", min_size=1, max_size=5),
)


@FAST
@given(st.sampled_from([("shuffle-and-doom", "enter", 4), ("shuffle-and-doom", "retreat", 26),
                        ("dungeon-solitaire", "play R1 at", 4),
                        ("dungeon-solitaire", "play R1 at", 7)]), CELL_TOKENS)
def test_cells_parse_to_the_named_cell_or_raise_notation_error(case, token):
    game_name, verb, size = case
    game, state = game_state(game_name, size)
    assume(token.strip(",") == token and " " not in token)
    try:
        action = game.parse_action(state, _line(f"{verb} {token}"))
    except NotationError as exc:
        assert exc.rule in ("notation-cell", "notation-arguments", "notation-id")
        return
    cell = action.cell
    col, row = ord(token[0].lower()) - ord("a"), int(token[1:]) - 1
    assert cell == (col, row) and 0 <= col < size and 0 <= row < size


VOCABULARY = {  # more words beside each game's own vocabulary() (typos, off-board cells)
    "shuffle-and-doom": ["choose", "row", "column", "col", "bonus", "health", "attack",
                         "intelligence", "hp", "♥", "♠", "♣", "enter", "retreat", "room",
                         "hit", "disarm", "take", "drink", "read", "loot", "exit", "a1",
                         "b2", "c3", "d4", "z99", "5♣", "K♠", "10♦", "th", "qd", "JK", "1♠"],
    "clear-the-dungeon": ["monsters", "draw", "play", "discard", "reveal", "on", "1", "2",
                          "4", "5", "0", "J♣", "Q♦", "K♠", "9♦", "2♥", "JK", "10c", "ah",
                          "x"],
    "dungeon-upkeeper": ["floor", "path", "1", "2", "B3", "b11", "99", "100", "N", "NNEE",
                         "SSWW", "nesw", "NX", "E", "W", "S"],
    "dungeon-solitaire": ["draft", "level", "draw", "play", "move", "path", "chest", "at",
                          "on", "R1", "R2", "R3", "R5", "R9", "R21", "R60", "R61", "r0", "c3",
                          "a1", "e5", "N", "E", "S", "W", "NNE", "1", "2"],
}


def header_strategy(game_name: str) -> st.SearchStrategy[str]:
    """A header: seeded (every game) or a free deal (where the game allows one: its
    ``free_deal_tags``), with any of the game's variants and parameter values."""
    game = get_game(game_name)
    head = f'[Game "{game_name}"]\n'
    variant = st.sampled_from(["", *(f'[Variant "{v}"]\n' for v in game.variants)])
    params = st.fixed_dictionaries({p.name: st.integers(p.low, min(p.high, p.low + 5))
                                    for p in game.params})

    def tags(values: dict[str, int]) -> str:
        return "".join(f'[{p.tag} "{values[p.name]}"]\n' for p in game.params
                       if values[p.name] != p.default)

    seeded = st.builds(lambda s, v, ps: head + f'[Seed "{s}"]\n' + v + tags(ps),
                       st.sampled_from(["PROP", "K7Q2-9XMA", "A"]), variant, params)
    if game.seeded_only:
        return seeded

    def free(seed: str, v: str, ps: dict[str, int]) -> str:
        deal = game.free_deal_tags(seed, game.check_params(ps))
        return head + v + tags(ps) + "".join(f'[{k} "{x}"]\n' for k, x in deal.items())

    return st.one_of(seeded, st.builds(free, st.sampled_from(["F", "G"]), variant, params))


@FAST
@given(st.sampled_from(GAME_NAMES), st.data())
def test_random_action_lines_of_every_game_give_a_verdict(game_name, data):
    head = data.draw(header_strategy(game_name))
    known = [*VOCABULARY.get(game_name, ()), *vocabulary(get_game(game_name))]
    words = st.one_of(st.sampled_from(known), card_like.filter(bool))
    lines = data.draw(st.lists(st.lists(words, min_size=1, max_size=6).map(" ".join),
                               max_size=20))
    text = head + "\n".join(lines) + "\n"
    v = validate_text(text, "p.log")
    json.dumps(v.to_json())
    assert v.valid or v.error is not None
    if v.error is not None and not v.unreadable:
        assert isinstance(v.error, LogError)
        assert 1 <= v.error.line <= text.count("\n") + 1
        if v.error.line > head.count("\n"):
            assert v.error.column >= 1


# --- mutated valid logs of every game ------------------------------------------------------


@functools.cache
def played_logs(game_name: str) -> tuple[str, ...]:
    """A few simulated games of ``game_name`` as logs (random and greedy players, some
    parameters and variants), all valid."""
    game = get_game(game_name)
    logs = []
    for i in range(6):
        params = {}
        variants: tuple[str, ...] = ()
        if game_name == "shuffle-and-doom":
            params = {"size": (4, 5, 7)[i % 3]}
        if game_name == "clear-the-dungeon":
            variants = ((), ("reserve",), ("no-jokers",))[i % 3]
        if game_name == "dungeon-upkeeper":
            params = {"floors": (2, 3, 10)[i % 3]}
        played = play(game, f"MUT{i}", params, "greedy" if i % 2 else "random",
                      variants=variants, max_actions=120)
        logs.append(played.log_text())
    return tuple(logs)


MUTATIONS = ("replace", "delete", "duplicate", "swap", "truncate")
REPLACEMENTS = st.one_of(
    st.sampled_from(["", "x", "loot", "hit 2♠", "draw", "play 2♥ on 1", "floor 2",
                     "path NNEE", "move N", "level 2", "draft R1", "###", '[Claim "1"]',
                     '[Seed "OTHER"]', '[Game "dungeon-upkeeper"]', "[", '[Size "4"]',
                     '[Floors "3"]', '[Variant "reserve"]', "enter a1", "exit"]),
    st.text(alphabet=string.ascii_letters + "0123456789 ♠♥♦♣[]\"#,", max_size=20),
)


def mutate(lines: list[str], kind: str, data: st.DataObject) -> tuple[list[str], int]:
    """``lines`` with one mutation of ``kind``, and the first line it touched (1-based)."""
    k = data.draw(st.integers(0, len(lines) - 1), label="line")
    out = list(lines)
    if kind == "replace":
        pool = st.one_of(REPLACEMENTS, st.sampled_from(lines))
        out[k] = data.draw(pool, label="replacement")
    elif kind == "delete":
        del out[k]
    elif kind == "duplicate":
        out.insert(k, lines[k])
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1), label="other")
        out[k], out[j] = out[j], out[k]
        k = min(k, j)
    else:  # truncate one token of the line
        spans = [(m.start(), m.end()) for m in re.finditer(r"[^\s,]+", lines[k])]
        assume(spans)
        start, end = data.draw(st.sampled_from(spans), label="token")
        cut = data.draw(st.integers(start, end - 1), label="cut")
        out[k] = lines[k][:cut] + lines[k][end:]
    return out, k + 1


@settings(deadline=None, max_examples=400,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(GAME_NAMES), st.integers(0, 5), st.sampled_from(MUTATIONS), st.data())
def test_a_mutated_line_is_reported_at_that_line_or_later(game_name, which, kind, data):
    lines = played_logs(game_name)[which].splitlines()
    mutated, first = mutate(lines, kind, data)
    v = validate_text("\n".join(mutated) + "\n", "m.log")
    json.dumps(v.to_json())
    if v.valid:
        return
    assert v.error is not None and v.error.line is not None, v.error
    assert v.error.line >= first, (kind, first, str(v.error), lines[first - 1])


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_mutation_pool_is_valid(game_name):
    for text in played_logs(game_name):
        v = validate_text(text)
        assert v.valid and v.claim_matches is not False, v.error


def test_missing_required_tags_are_reported_where_the_header_ends():
    for game_name in ("dungeon-upkeeper", "dungeon-solitaire"):
        text = played_logs(game_name)[0]
        lines = [ln for ln in text.splitlines() if not ln.startswith("[Seed")]
        v = validate_text("\n".join(lines) + "\n", "m.log")
        first_action = next(i for i, ln in enumerate(lines, 1) if not ln.startswith("["))
        assert (v.error.line, v.error.rule) == (first_action, "seed")
        assert "before the first action" in v.error.message
    v = validate_text('[Game "shuffle-and-doom"]\n[Size "4"]\nchoose row\n', "m.log")
    assert (v.error.line, v.error.rule) == (3, "deal-free")
    v = validate_text('[Game "dungeon-upkeeper"]\n', "m.log")
    assert v.error.rule == "seed" and v.error.line == 2


# --- the command line ----------------------------------------------------------------------

runner = CliRunner()
OPTION_NAMES = sorted({f"--{p.name}" for g in GAME_NAMES for p in get_game(g).params}
                      | {f"--{p.name}" for g in GAME_NAMES for k in get_game(g).sheet_kinds
                         for p in k.params} | {"--bogus"})
KINDS = sorted({k.name for g in GAME_NAMES for k in get_game(g).sheet_kinds})
VARIANTS = sorted({v for g in GAME_NAMES for v in get_game(g).variants})
game_arg = st.one_of(st.sampled_from(GAME_NAMES), st.sampled_from(["", "chess", "SD", "X" * 300]))


def _check_cli(args: list[str]) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code in (0, 1, 2), (args, r.exit_code, r.output[-500:], r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert "Traceback" not in r.output
    assert len(r.output) < 100_000, "an absurd value is echoed back whole"


def _options(draw_game_options: bool = True) -> st.SearchStrategy[list[str]]:
    pair = st.tuples(st.sampled_from(OPTION_NAMES), number_text)
    return st.lists(pair, max_size=3).map(
        lambda ps: [x for name, value in ps for x in (name, value)])


@CLI
@given(st.sampled_from(["map", "sheets"]), game_arg, st.one_of(st.none(), seed_text),
       _options(), st.one_of(st.none(), st.sampled_from(KINDS), any_text),
       st.one_of(st.none(), st.sampled_from(["a4", "letter", "A4", "a3"]), any_text),
       st.lists(st.one_of(st.sampled_from(VARIANTS), any_text), max_size=2))
def test_map_and_sheets_options(command, game, seed, options, kind, paper, variants):
    args = [command, game, "--json", *options]
    if seed is not None:
        args += ["--seed", seed]
    if kind is not None and command == "sheets":
        args += ["--kind", kind]
    if paper is not None:
        args += ["--paper", paper]
    for v in variants:
        args += ["--variant", v]
    _check_cli(args)


@CLI
@given(st.sampled_from(["clear-the-dungeon", "dungeon-upkeeper", "shuffle-and-doom", "x"]),
       seed_text, st.one_of(st.integers(-3, 400).map(str), number_text),
       st.lists(st.one_of(st.sampled_from(VARIANTS), any_text), max_size=2),
       st.lists(st.tuples(st.sampled_from(["--floors", "--size"]),
                          st.sampled_from(["1", "2", "0", "-1", "1000000000"])), max_size=1))
def test_solve_options(game, seed, budget, variants, options):
    args = ["solve", game, "--seed", seed, "--budget", budget, "--json"]
    for v in variants:
        args += ["--variant", v]
    for name, value in options:
        args += [name, value]
    _check_cli(args)


MAGIC = [b"", b"%PDF-1.4\n", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b'[Game "shuffle-and-doom"]\n',
         b"\xef\xbb\xbf", b"\x00"]


@CLI
@given(st.sampled_from(MAGIC), st.binary(max_size=300), st.sampled_from(["validate", "score",
                                                                          "scan"]),
       st.booleans())
def test_validate_score_and_scan_random_files(tmp_path_factory, magic, body, command, as_json):
    path = tmp_path_factory.mktemp("cli") / "input.bin"
    path.write_bytes(magic + body)
    before = path.read_bytes()
    _check_cli([command, str(path)] + (["--json"] if as_json else []))
    assert path.read_bytes() == before


@CLI
@given(st.lists(st.tuples(toml_key, toml_value), max_size=5))
def test_map_with_a_random_layout_file(tmp_path_factory, pairs):
    folder = tmp_path_factory.mktemp("layout")
    layout = folder / "random.toml"
    layout.write_text("\n".join(f"{k} = {v}" for k, v in pairs) + "\n", "utf-8")
    _check_cli(["map", "shuffle-and-doom", "--seed", "LAYOUT", "--size", "4", "--layout",
                str(layout), "--out", str(folder / "m.pdf")])
    leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_tokens_keep_their_positions():
    """The position a parser reports is the position of the token in the file."""
    line = _line("  hit   K♠  ")
    assert line.verb == Token("hit", 2, 3) and line.args[0] == Token("K♠", 2, 9)


def test_unreadable_errors_are_documented():
    v = validate_text(b"\xff\xfe", "b.log")
    assert isinstance(v.error, UnreadableLogError) and v.exit_code == 2
