"""The log envelope: tags, comments, BOM, positions, refusals; never a traceback."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, LogError, UnreadableLogError
from companion.log import decode_log_bytes, parse_log, read_log_file
from companion.replay import validate_text


def test_tags_actions_and_positions():
    text = ('\ufeff# a comment\n[Game "shuffle-and-doom"]  [Player "Ada #1"]\n'
            '[size "4"]\n\n  HIT   K♠   # trailing\nroom 5♣, 6♦\n')
    log = parse_log(text, "x.log")
    assert log.value("game") == "shuffle-and-doom"
    assert log.value("PLAYER") == "Ada #1"
    assert log.tag("Size").value == "4"
    assert log.tag("size").line == 3 and log.tag("size").value_column == 8
    hit, room = log.actions
    assert hit.name == "hit" and hit.verb.column == 3 and hit.line == 5
    assert hit.args[0].text == "K♠" and hit.args[0].column == 9
    assert [a.text for a in room.args] == ["5♣", "6♦"]


def test_crlf_escapes_and_typographic_quotes():
    log = parse_log('[Game "x"]\r\n[Player "say \\"hi\\""]\r\n[Date \u201c2026\u201d]\r\nloot\r\n')
    assert log.value("player") == 'say "hi"'
    assert log.value("date") == "2026"
    assert log.actions[0].name == "loot"


@pytest.mark.parametrize("text,line,column", [
    ('[Game "x"]\n[Game "y"]\n', 2, 1),              # repeated tag
    ('[Game "x\n', 1, 7),                           # no closing quote
    ('[Game x]\n', 1, 7),                            # no quotes
    ('[Game "x"] loot\n', 1, 12),                    # text after a tag
    ('[Game "x"\n', 1, 10),                          # no ]
    ('[ "x"]\n', 1, 3),                              # no name
])
def test_malformed_envelopes(text, line, column):
    with pytest.raises(LogError) as exc:
        parse_log(text, "f.log")
    assert (exc.value.line, exc.value.column) == (line, column)
    assert str(exc.value).startswith(f"f.log:{line}:{column}: ")


@pytest.mark.parametrize("text,line,column,rule", [
    ('[Game "x"]\nloot\n[Claim "3"]\nhit\n', 3, 1, "notation-tag-order"),
    ('[Game "x"]\nloot\n[Player "x" junk\nhit\n', 3, 13, "notation"),
    ('[Game "x"]\nloot\n' + "a" * 3000 + "\nhit\n", 3, 1, "notation"),
])
def test_a_fault_after_the_first_action_waits_for_the_replay(text, line, column, rule):
    """After the first action a malformed line is kept, with the actions before it, so
    that an illegal action on an earlier line is reported first (the replay raises it
    once those actions are folded)."""
    log = parse_log(text, "f.log")
    assert [a.name for a in log.actions] == ["loot"]
    assert log.error is not None
    assert (log.error.line, log.error.column, log.error.rule) == (line, column, rule)


def test_unreadable_inputs():
    with pytest.raises(UnreadableLogError, match="empty"):
        parse_log("# only a comment\n\n")
    with pytest.raises(UnreadableLogError, match="UTF-8"):
        decode_log_bytes(b'[Game "x"]\n\xff\xfe', "f")
    with pytest.raises(UnreadableLogError, match="binary"):
        decode_log_bytes(b"\x00\x01\x02", "f")
    with pytest.raises(UnreadableLogError, match="refused"):
        decode_log_bytes(b"#" * 3_000_000, "f")
    assert decode_log_bytes("\ufeffhit".encode(), "f") == "hit"


def test_read_log_file_errors(tmp_path):
    with pytest.raises(UnreadableLogError, match="no such file"):
        read_log_file(tmp_path / "missing.log")
    with pytest.raises(UnreadableLogError, match="folder"):
        read_log_file(tmp_path)
    p = tmp_path / "a.log"
    p.write_bytes(b"\xef\xbb\xbf[Game \"shuffle-and-doom\"]\n")
    before = p.read_bytes()
    assert read_log_file(p).value("game") == "shuffle-and-doom"
    assert p.read_bytes() == before  # input never modified


def test_validate_text_without_game_tag_is_unreadable():
    v = validate_text("hit K♠\n", "f.log")
    assert not v.valid and v.unreadable and v.exit_code == 2
    v = validate_text('[Game "chess"]\n', "f.log")
    assert v.unreadable and "unknown game" in v.error.message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_random_text_never_raises_anything_but_documented_errors(text):
    with contextlib.suppress(CompanionError):
        parse_log(text)
    v = validate_text(text, "r.log")
    assert v.valid or v.error is not None


ALPHABET = st.sampled_from(list('[]"#\n abcAHKSDC10♠♥♦♣Game shuffle-and-doom Size Row Column'
                                'choose row bonus health enter a1 b2 room hit take loot exit'
                                ' 4 7 \r\ufeff'))


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=200).map("".join))
def test_log_like_text_never_raises(text):
    v = validate_text('[Game "shuffle-and-doom"]\n' + text, "r.log")
    assert v.valid or v.error is not None
    assert isinstance(v.to_json(), dict)


@pytest.mark.parametrize("text,line,column,rule", [
    # Clear the Dungeon: the illegal first card on line 4 comes before the late tag
    ('[Game "clear-the-dungeon"]\nmonsters J♣ Q♦ K♠ J♥\ndraw 9♦ 2♥ 5♣\nplay 2♥ on 3\n'
     'play 9♦ on 1\n[Claim "3"]\n', 4, 6, "attack-first"),
    ('[Game "clear-the-dungeon"]\nmonsters J♣ Q♦ K♠ J♥\ndraw 9♦ 2♥ 5♣\nplay 2♥ on 3\n'
     'play 9♦ on 1\n[Player "x" junk\n', 4, 6, "attack-first"),
    # Shuffle and Doom: b3 is not a room to enter (line 7), before the late tag
    ('[Game "shuffle-and-doom"]\n[Size "4"]\n[Row "Q♦ A♥ K♥ 10♥"]\n'
     '[Column "2♥ Q♠ K♦ 7♠"]\nchoose column\nbonus health\nenter b3\n[Claim "3"]\n',
     7, 7, "enter-target"),
    # with every action before it legal, the late tag itself is the first fault
    ('[Game "clear-the-dungeon"]\nmonsters J♣ Q♦ K♠ J♥\ndraw 9♦ 2♥ 5♣\n[Claim "3"]\n'
     'play 9♦ on 1\n', 4, 1, "notation-tag-order"),
])
def test_the_first_offending_line_is_reported_even_before_a_malformed_one(
        text, line, column, rule):
    v = validate_text(text, "f.log")
    assert not v.valid
    assert (v.error.line, v.error.column, v.error.rule) == (line, column, rule), v.error


def test_the_verdict_shows_the_seed_normalised_whether_valid_or_not():
    head = '[Game "clear-the-dungeon"]\n[Seed "audit1"]\n'
    assert validate_text(head + "draw\n").seed == "AUDIT1"
    assert validate_text(head + "draw\nplay 5♣ on 9\n").seed == "AUDIT1"
    assert validate_text('[Game "clear-the-dungeon"]\n[Seed "companion:1/ctd/audit1"]\n'
                         'play x\n').seed == "AUDIT1"
    assert validate_text('[Game "clear-the-dungeon"]\n[Seed "bad seed!"]\n').seed == "bad seed!"


@pytest.mark.parametrize("head,body", [
    ('[Game "dungeon-upkeeper"]\n[Seed "AUDIT-1"]\n', "floor {}\n"),
    ('[Game "dungeon-solitaire"]\n[Seed "AUDIT-1"]\n[Edition "1"]\n',
     "draft R3 R4 R8 R12 R13 R17 R21\nlevel {}\n"),
    ('[Game "clear-the-dungeon"]\n', "monsters J♣ Q♦ K♠ J♥\ndraw 9♦ 2♥ 5♣\nplay 9♦ on {}\n"),
    ('[Game "clear-the-dungeon"]\n[Claim "{}"]\n', "monsters J♣ Q♦ K♠ J♥\n"),
])
@pytest.mark.parametrize("digit", ["²", "١", "𝟙", "³3"])
def test_numbers_in_other_scripts_are_refused_at_their_place(head, body, digit):
    """``str.isdigit`` accepts superscripts (which ``int`` refuses: it was a traceback)
    and other scripts' digits; numbers in logs are written 0-9."""
    text = (head + body).replace("{}", digit)
    v = validate_text(text, "f.log")
    assert not v.valid
    assert digit in text.splitlines()[v.error.line - 1]
