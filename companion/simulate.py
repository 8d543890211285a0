"""Random-play simulation for any game (OpenSpiel style), and logs written from play.

A player is a function ``(game, state, legal_actions, rng) -> action``. Games are
played by the project's own generator, so a simulation is reproducible; each played
game can be written as a log that ``companion validate`` reads back. Where the table
decides (a free deal's chance nodes) the harness draws the outcome, not the player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.chance import sample
from companion.errors import ParameterError
from companion.games.base import Game, Header
from companion.log import parse_log
from companion.rng import Stream, stream

Player = Callable[[Game, Any, Sequence[Any], Stream], Any]


def random_player(game: Game, state: Any, legal: Sequence[Any], rng: Stream) -> Any:
    """Any legal action, uniformly."""
    return rng.choice(legal)


def greedy_player(game: Game, state: Any, legal: Sequence[Any], rng: Stream) -> Any:
    """One step of look-ahead: the action whose result scores best (ties at random)."""
    best: list[Any] = []
    best_key: tuple[int, int] | None = None
    for action in legal:
        after = game.apply(state, action)
        result = game.result(after)
        alive = 0 if result.outcome in ("died", "lost") else 1
        key = (alive, result.score or 0)
        if best_key is None or key > best_key:
            best, best_key = [action], key
        elif key == best_key:
            best.append(action)
    return rng.choice(best)


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


@dataclass
class PlayedGame:
    """A finished simulation: the header tags, the actions and every state."""

    game: Game
    tags: dict[str, str]
    actions: list[Any]
    states: list[Any]

    @property
    def final(self) -> Any:
        """The state the game ended in."""
        return self.states[-1]

    def log_text(self) -> str:
        """The game as a log in the notation."""
        lines = [f'[{k} "{v}"]' for k, v in self.tags.items()]
        lines.extend(self.game.opening_lines(self.states[0]))
        for before, action, after in zip(self.states[:-1], self.actions, self.states[1:],
                                         strict=True):
            lines.extend(self.game.log_lines(before, action, after))
        return "\n".join(lines) + "\n"


def start_state(game: Game, tags: Mapping[str, str]) -> tuple[Header, Any]:
    """The header and first state a log with these tags would give."""
    from companion.games.base import read_header

    text = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    header = read_header(parse_log(text, "<simulation>"), game)
    return header, game.new_state(header)


def play(game: Game, seed: str, params: Mapping[str, int], player: Player | str = "random",
         player_seed: str = "0", variants: Sequence[str] = (),
         max_actions: int = 100_000, edition: int | None = None,
         keep_states: bool = True, free: bool = False) -> PlayedGame:
    """Play one game (seeded; a free deal with ``free``) to its end (or ``max_actions``)
    and return it.

    ``player``: a player function or a name (the game's own players first, then this
    module's generic ones). ``edition``: the rules edition (default: the newest; an
    older one is written as an ``[Edition]`` tag). ``keep_states=False`` keeps only the
    first and the last state (for long runs where only the end counts).

    ``free``: play a free deal instead: the header has the game's
    :meth:`~companion.games.base.Game.free_deal_tags` for ``seed`` instead of the
    ``[Seed]`` tag, and where the table decides (a chance node: ``legal_actions`` is
    empty, ``chance_outcomes`` is not) the action is drawn with its probability from
    the stream ``(seed, game, "simulation", player_seed, "chance")``, never the
    player's. A seeded deal has no chance node, so it plays as it always has.

    Raises ParameterError for a free deal of a game that has none (``seeded_only``)."""
    chooser = {**PLAYERS, **game.players()}[player] if isinstance(player, str) else player
    if free and game.seeded_only:
        raise ParameterError(f"{game.name} has no free deal: its games are seeded")
    tags = {"Game": game.name}
    if free:
        tags.update(game.free_deal_tags(seed, game.check_params(params)))
    else:
        tags["Seed"] = seed
    if edition is not None and edition != game.edition:
        tags["Edition"] = str(edition)
    for p in game.params:
        tags[p.tag] = str(params.get(p.name, p.default))
    if variants:
        tags["Variant"] = ", ".join(variants)
    _, state = start_state(game, tags)
    rng = stream(seed, game.name, "simulation", player_seed)
    table: Stream | None = None  # the chance stream, made at the first chance node
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_over(state) and len(actions) < max_actions:
        legal = game.legal_actions(state)
        if legal:
            action = chooser(game, state, legal, rng)
        else:
            outcomes = game.chance_outcomes(state)
            if not outcomes:
                break
            if table is None:
                table = stream(seed, game.name, "simulation", player_seed, "chance")
            action = sample(outcomes, table)
        state = game.apply(state, action)
        actions.append(action)
        if keep_states or len(states) == 1:
            states.append(state)
        else:
            states[-1] = state
    result = game.result(state)
    if result.score is not None:
        tags["Claim"] = str(result.score)
    return PlayedGame(game, tags, actions, states)


def vocabulary(game: Game) -> tuple[str, ...]:
    """Words a property test strings together into random action lines of ``game``:
    its :meth:`~companion.games.base.Game.vocabulary` (the notation's verbs and the
    spellings its logs never use) and every word of the log of a short seeded game
    played at random (cards, cells, numbers)."""
    words = dict.fromkeys(game.vocabulary())
    played = play(game, "VOCABULARY", game.check_params({}), "random", max_actions=40)
    for line in played.log_text().splitlines():
        if not line.startswith("["):
            words.update(dict.fromkeys(line.split()))
    return tuple(words)
