"""A game at the terminal: people at one keyboard (hot seat) and bots, told only what their seat may know.

Everything a seat is shown comes from the engine's privacy functions: ``state.events_for(seat)`` narrated
by ``game.narrate``, ``game.render(state, seat)`` (built on ``view(seat)``), ``state.public_notation``
(said by ``game.public_words``) for the other seats' moves, and ``game.describe_action`` only for the menu
of the seat to move. Refusals are the engine's own (``state.apply(text, seat=seat)``).

Between two people the screen is cleared and the keyboard handed over; narration is grouped per round with
a pause (``--fast`` turns pauses off); long menus are grouped (pick the card, then the tile). ``back``
cancels a multi-step choice, ``undo`` takes back a decision — both only when nothing hidden was revealed
since (checked by replaying the decisions in other worlds consistent with what the seat knew). ``hint``
asks the coach (the game's expert, ``kansei.agents.coach.hint``) for the move it would play, from the
seat's own information, in a game with a bot; between people it is off (issue 24).

The terminal's own words (prompts, help, hand-overs, the end) are the catalog of ``lang.py`` in the
session's ``lang``, the game's language; the commands a person types stay English in every language.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.markup import escape

from kansei.agents import Agent, choose
from kansei.core.errors import IllegalAction, KanseiError
from kansei.core.protocol import Action, Game, State
from kansei.core.words import CORE, percent

from . import menu
from .cards import face, find_cards, game_cards, suggestion
from .common import clean, interactive, out, say, terminal_size
from .lang import WORDS, plural, tr

HUMAN = "human"
MAX_INPUT = 1000  # characters of a typed line kept (the engine refuses notations over 200 anyway)
WORLDS = 3  # resampled worlds checked before taking a decision back


@dataclass
class Step:
    """One applied action, with what is needed to take it back."""

    before: State  # a copy of the state before it
    seat: int
    notation: str
    told: list[int]  # per seat, how many of its events it had been told before it
    silent: bool  # it logged no event at all (an unfinished multi-step choice)


class Screen:
    """The terminal: pauses and clearing only when a person is at it. ``script``: lines typed in advance
    (``kansei play --moves``), read before any keyboard; once they are used up the session ends as at
    the end of input (it is saved), so a script never waits for a keyboard."""

    def __init__(self, fast: bool = False, script: list[str] | None = None, lang: str = "en"):
        self.tty = interactive() and script is None
        self.fast = fast
        self.script = list(script) if script is not None else None
        self.lang = lang  # the language of its own words (the session sets it to the game's)

    @property
    def size(self) -> tuple[int, int]:
        return terminal_size()

    def clear(self) -> None:
        if self.tty:
            out.clear()
        else:
            out.print("\n" + "─" * min(40, self.size[0]))

    def ask(self, prompt: str) -> str:
        """One line typed by the person (EOFError at the end of input), cut to MAX_INPUT characters."""
        if self.script is not None:
            if not self.script:
                raise EOFError
            line = self.script.pop(0)[:MAX_INPUT]
            out.print(f"{prompt}{clean(line, 200)}")
            return line
        return out.input(prompt)[:MAX_INPUT]

    def pause(self) -> None:
        if self.tty and not self.fast:
            self.ask(tr(self.lang, "pause"))


@dataclass
class Session:
    game: Game
    state: State
    agents: list[str]  # per seat: HUMAN or a bot spec
    bots: dict[int, Agent]
    lang: str
    screen: Screen
    actions: list[str] = field(default_factory=list)
    auto: bool = True
    fresh: bool = True  # a new game (narrate its opening) rather than a resumed one
    on_quit: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        n = self.state.players
        self.humans = [s for s in range(n) if self.agents[s] == HUMAN]
        self.seen = [0 if self.fresh else len(self.state.events_for(s)) for s in range(n)]
        self.pending: dict[int, list[tuple[bool, str]]] = {s: [] for s in self.humans}
        self.history: list[Step] = []
        self.facing: int | None = None
        self.screen.lang = self.lang

    def tr(self, key: str, /, **fields: object) -> str:
        """The terminal's own words ``key`` in the session's language (``lang.py``)."""
        return tr(self.lang, key, **fields)

    # -- who is who -----------------------------------------------------------------------------
    def name(self, seat: int, viewer: int | None) -> str:
        """How ``viewer`` is told of ``seat``: "you", or the seat's name as the games write it ("Player 2",
        counted from 1), with a bot's spec beside it."""
        if seat == viewer:
            return self.tr("you")
        if self.agents[seat] == HUMAN:
            return self.player(seat)
        return self.tr("seat_bot", name=self.player(seat), agent=self.agents[seat])

    def player(self, seat: int) -> str:
        """The seat's name as the game's texts write it (``game.names``: "Player 2", "Joueur 2")."""
        return self.game.names(None, self.lang)(seat)

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # -- what each seat is told -------------------------------------------------------------------
    def tell(self, seat: int) -> None:
        """Queue for ``seat`` the narration of the events it has not been told yet."""
        events = self.state.events_for(seat, self.seen[seat])
        self.seen[seat] += len(events)
        for e in events:
            line = self.game.narrate(e, seat, self.lang)
            if line:
                self.pending[seat].append((self.game.narration_break(e), str(line)))

    def show_pending(self, seat: int) -> None:
        """Print what ``seat`` was told since it last looked: grouped per round, a pause between rounds
        and whenever a screenful is printed (only at a terminal, and not with --fast)."""
        lines, self.pending[seat] = self.pending[seat], []
        budget = max(4, self.screen.size[1] - 3)
        printed = 0
        for i, (brk, text) in enumerate(lines):
            if i and (brk or printed >= budget) and printed:
                self.screen.pause()
                printed = 0
            say(text)
            printed += 1

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action, seat: int) -> None:
        before = self.state.clone()
        told = list(self.seen)
        count = self.state.event_count()
        # before applying: what the others are told, in words (a pass tells them nothing in its events)
        public = self.game.public_words(self.state.public_notation(action), self.lang)
        self.state.apply(action, seat=seat)
        self.actions.append(action.notation)
        self.history.append(Step(before, seat, action.notation, told, self.state.event_count() == count))
        for j in self.humans:
            told_before = len(self.pending[j])
            self.tell(j)
            if j != seat and len(self.pending[j]) == told_before:  # the events told nothing of it
                self.pending[j].append((False, self.tr("told", who=self.name(seat, j), what=public)))

    # -- the loop -----------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game is over (True) or a person quits (False)."""
        for j in self.humans:
            self.tell(j)
        while not self.state.is_over:
            me = self.state.to_move
            assert me is not None
            if me in self.bots:
                self.apply(choose(self.bots[me], self.state, me), me)
                continue
            if self.auto and not self.worth_asking(me):
                action = self.default_action(me)
                if action is not None:
                    self.auto_move(me, action)
                    continue
            if self.hot_seat and self.facing != me:
                self.hand_over(me)
            self.facing = me
            if not self.decide(me):
                return False
        return True

    def auto_move(self, me: int, action: Action) -> None:
        """Play ``action`` for a seat with no real choice. At a hot seat the keyboard is still handed over
        (and the player told), so the other player cannot tell a skipped decision from a real one."""
        line = self.tr("auto", what=self.describe(action))
        if not self.hot_seat:
            self.pending[me].append((False, line))
            self.apply(action, me)
            return
        if self.facing != me:
            self.hand_over(me)
            self.facing = me
        self.show_pending(me)
        out.print(f"  [cyan]›[/] {clean(line, 200)} [dim]{self.tr('auto_why')}[/]")
        self.apply(action, me)
        try:
            self.screen.ask(self.tr("go_on"))
        except EOFError:
            pass

    def worth_asking(self, seat: int) -> bool:
        """Whether ``seat`` has a real choice: the game's ``worth_asking(state, seat)`` when it has one,
        else more than one legal action."""
        return self.game.worth_asking(self.state, seat)

    def default_action(self, seat: int) -> Action | None:
        """What is played for a seat with no real choice: its only action, else its pass."""
        legal = self.state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return next((a for a in legal if a.kind == "pass" or a.notation == "pass"), None)

    def describe(self, action: Action) -> str:
        return str(self.game.describe_action(self.state, action, self.lang))

    def hand_over(self, seat: int) -> None:
        """Hot seat: clear the screen, then wait for the next player to take the keyboard."""
        self.screen.clear()
        out.print(self.tr("hand_over", name=escape(self.player(seat))))
        self.screen.ask("")
        self.screen.clear()

    def board(self, seat: int) -> None:
        out.print(self.render(seat))

    def render(self, seat: int | None) -> RenderableType:
        r = self.game.render(self.state, seat, self.lang)
        return clean(r, 0) if isinstance(r, str) else r

    def decide(self, me: int) -> bool:
        """Show ``me`` its news, board and menu; read commands until one action is applied (True) or the
        player quits (False)."""
        self.show_pending(me)
        width, height = self.screen.size
        board = self.render(me)
        out.print(board)
        legal = self.state.legal_actions()
        room = menu.room(menu.height(board, width), len(legal), height)
        entries = menu.build(self.game, self.state, legal, self.lang, width, room)
        group: menu.Entry | None = None
        redraw = True
        while True:
            shown = menu.members(self.game, self.state, group, self.lang) if group else entries
            if redraw:
                if group:
                    out.print(self.tr("pick_one", group=clean(group.label, 200)))
                out.print(menu.table(shown, width, self.lang))
            redraw = False
            try:
                text = self.screen.ask(self.tr("prompt", name=escape(self.player(me)))).strip()
            except EOFError:
                return False
            if not text:
                redraw = True
                continue
            low = text.lower()
            word, _, rest = text.partition(" ")
            if low in ("quit", "exit", "q"):
                return False
            if low in ("help", "?", "h"):
                out.print(self.tr("help"))
            elif low == "board":
                self.board(me)
                redraw = True
            elif low == "view":
                out.print_json(json.dumps(self.state.view(me)))
            elif low == "log":
                for e in self.state.events_for(me)[-20:]:
                    line = self.game.narrate(e, me, self.lang)
                    if line:
                        say(line)
            elif word.lower() == "card":
                self.show_card(rest)
            elif low == "back":
                if group is not None:
                    group, redraw = None, True
                elif self.back(me):
                    return True
            elif low == "undo":
                if self.undo(me):
                    return True
            elif low == "hint":
                self.hint(me)
            elif text.isascii() and text.isdigit() and len(text) <= 4:
                k = int(text)
                if not 1 <= k <= len(shown):
                    out.print(f"[red]{self.tr('choose', n=len(shown))}[/]")
                elif shown[k - 1].single is not None:
                    self.apply(shown[k - 1].actions[0], me)
                    return True
                else:
                    group, redraw = shown[k - 1], True
            else:
                try:
                    self.apply(self.game.parse(self.state, text, self.lang), me)
                    return True
                except IllegalAction:
                    out.print(f"[red]{clean(self.refusal(text, me))}[/]  [dim]{self.tr('help_hint')}[/]")

    def hint(self, me: int) -> None:
        """The coach's move for ``me`` (the seat to move), from what ``me`` can see, with its expected
        chance and the runners-up; only in a game with a bot (between people it would be a third player)."""
        if not self.bots:
            out.print(f"[yellow]{self.tr('hint_off')}[/]")
            return
        from kansei.agents import coach

        out.print(self.tr("thinking"))
        try:
            h = coach.hint(self.state, me)
        except KanseiError as e:  # the expert unavailable (its learned value missing): one line
            out.print(f"[red]{clean(str(e))}[/]")
            return
        key = "hint" if self.state.players == 2 else "hint_field"
        out.print(self.tr(key, move=escape(self.describe(h.action)), chance=percent(h.chance, self.lang)))
        legal = {a.notation: a for a in self.state.legal_actions()}
        lang = self.lang
        others = [
            self.tr("hint_alt", move=escape(self.describe(legal[a.move])), chance=percent(a.chance, lang))
            for a in h.alternatives
            if a.move != h.move and a.move in legal
        ]
        if others:
            out.print(self.tr("hint_others", moves=self.tr("sep").join(others)))

    def refusal(self, text: str, me: int) -> str:
        """The engine's own refusal of ``text`` for seat ``me`` (it names nothing that seat cannot see),
        asked of a copy so nothing can change here."""
        try:
            self.state.clone().apply(text, seat=me, lang=self.lang)
        except KanseiError as e:
            return str(e)
        return CORE.tr(self.game.refusal_lang(self.lang), "not_legal", text=repr(text))

    def show_card(self, query: str) -> None:
        cards = game_cards(self.game, self.lang)
        if not query.strip():
            out.print(self.tr("card_usage"))
            return
        hits = find_cards(cards, query)
        if not hits:
            hint = clean(suggestion(cards, query, self.lang))
            out.print(f"[red]{self.tr('no_card', query=clean(repr(query), 60), hint=hint)}[/]")
            return
        for c in hits[:3]:
            out.print(face(c, self.screen.size[0], self.lang))
        if len(hits) > 3:
            more = self.tr("sep").join(str(c.get("name")) for c in hits[3:12])
            out.print(self.tr("also", names=clean(more, 300)))

    # -- taking decisions back ------------------------------------------------------------------
    def hidden_revealed(self, start: int, me: int) -> str | None:
        """Why the decisions ``history[start:]`` cannot be taken back (None: they can).

        They can when they are all ``me``'s, nothing random happened since and they revealed nothing:
        replayed in worlds resampled from what ``me`` knew before them, they tell ``me`` exactly what they
        told it here (the same events and the same view)."""
        steps = self.history[start:]
        for s in steps:
            if s.seat != me:
                return self.tr("moved_since", who=self.name(s.seat, me))
        before = steps[0].before
        if before.rng.s != self.state.rng.s:
            return self.tr("random_since")
        told = len(before.events_for(me))
        events, view = self.state.events_for(me, told), self.state.view(me)
        for k in range(WORLDS):
            world = before.determinize(me, random.Random(k))
            try:
                for s in steps:
                    world.apply(s.notation, seat=me)
            except KanseiError:
                return self.tr("revealed")
            if world.events_for(me, told) != events or world.view(me) != view:
                return self.tr("revealed")
        return None

    def restore(self, start: int) -> None:
        step = self.history[start]
        undone = self.history[start:]
        self.state = step.before
        del self.history[start:]
        del self.actions[len(self.actions) - len(undone) :]
        self.seen = list(step.told)
        for j in self.humans:
            self.pending[j] = []
        what = clean(", ".join(s.notation for s in undone), 200)
        out.print(plural(self.lang, "took_back", len(undone), what=what))

    def undo(self, me: int) -> bool:
        last = next((i for i in range(len(self.history) - 1, -1, -1) if self.history[i].seat == me), None)
        if last is None:
            out.print(f"[red]{self.tr('cannot_undo', why=self.tr('no_decision'))}[/]")
            return False
        why = self.hidden_revealed(last, me)
        if why:
            out.print(f"[red]{self.tr('cannot_undo', why=clean(why))}[/]")
            return False
        self.restore(last)
        return True

    def back(self, me: int) -> bool:
        """Cancel an unfinished multi-step choice: the decisions ``me`` made since it began that logged
        nothing yet."""
        start = len(self.history)
        while start and self.history[start - 1].seat == me and self.history[start - 1].silent:
            start -= 1
        if start == len(self.history):
            out.print(self.tr("nothing_back"))
            return False
        why = self.hidden_revealed(start, me)
        if why:
            out.print(f"[red]{self.tr('cannot_back', why=clean(why))}[/]")
            return False
        self.restore(start)
        return True

    # -- the end ----------------------------------------------------------------------------------
    def finish(self) -> None:
        viewer = None if self.hot_seat or not self.humans else self.humans[0]
        if self.hot_seat:
            self.screen.clear()
            for e in self.state.events_for(None)[-12:]:
                line = self.game.narrate(e, None, self.lang)
                if line:
                    say(line)
        elif viewer is not None:
            self.show_pending(viewer)
        out.print(self.render(viewer))
        w = self.state.winner
        if w is None:
            out.print(f"[bold]{self.tr('draw')}[/]")
        else:
            who = clean(self.name(w, viewer)).capitalize()
            out.print(f"[bold green]{WORDS.say(self.lang, 'win', w == viewer, Who=who)}[/]")
