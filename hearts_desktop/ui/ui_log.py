"""A machine-readable log of what the window shows, for tests that drive the real program.

``hearts-desktop --ui-log FILE`` writes one JSON object a line: the window, the screens on
the stack with the places of their buttons and choices, the table (the viewer's cards and
where they are drawn, which may be played, the pass slots), each action applied, each hand
scored and the end of the game. A test that can only move the mouse and press keys, as a
person does, reads it to know where to click and what state the program is in. Lines are
written only when something changed, and flushed at once so a reader can follow the file.

``targets`` lists what can be clicked on a screen; the UI fuzzer uses it too.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, TextIO

import pygame

from ..controller.table_model import TableModel
from ..engine import Action, Card, Game, Phase, PlayerView, action_to_json
from .form import Control, FormScene
from .overlays import CoverScene, Overlay
from .review_scene import ReviewScene
from .scene import Scene, SceneStack
from .table_scene import TableScene
from .text_field import TextField
from .widgets import Button


class Watched(Protocol):
    """What the log reads of the app each frame (the app, without importing it)."""

    @property
    def stack(self) -> SceneStack: ...

    @property
    def table(self) -> TableScene | None:
        """The game's table, if a game is on."""

Json = dict[str, Any]


def rect_json(rect: pygame.Rect) -> list[int]:
    return [rect.x, rect.y, rect.width, rect.height]


@dataclass(frozen=True)
class Target:
    """Something on screen a click does something to: a button, a choice, a text box.
    ``label`` is what the player reads, ``name`` what it is in every language (a button's
    ``name``; empty where nothing looks for it)."""

    kind: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    name: str = ""

    @classmethod
    def of(cls, button: Button, name: str = "") -> Target:
        return cls("button", button.label, button.rect.copy(), button.enabled, name or button.name)

    def to_json(self) -> Json:
        return {"kind": self.kind, "name": self.name, "label": self.label, "rect": rect_json(self.rect),
                "enabled": self.enabled}


def targets(scene: Scene) -> list[Target]:
    """The controls of ``scene`` where it last drew them (the table's buttons named by their key)."""
    found: list[Target] = []
    handover = scene.handover if isinstance(scene, CoverScene | ReviewScene) else None
    if handover is not None:  # a cover: its button alone, whatever is hidden behind it
        return [Target.of(handover.button)]
    if isinstance(scene, TableScene):
        return [Target.of(button, name) for name, button in scene.buttons.items() if button.rect.width]
    controls: list[Control] = list(scene.controls) if isinstance(scene, FormScene) else []
    if isinstance(scene, Overlay | ReviewScene):
        controls += scene.buttons
    for control in controls:
        if not getattr(control, "visible", True) or not control.rect.width:
            continue
        if isinstance(control, Button):
            found.append(Target.of(control))
        elif isinstance(control, TextField):
            found.append(Target("text", control.text, control.rect.copy(), control.enabled))
        else:
            label = f"{control.label}: {control.text}" if control.label else control.text
            found.append(Target("choice", label, control.rect.copy(), control.enabled))
    return found


def card_points(hand_rects: dict[Card, pygame.Rect]) -> dict[Card, tuple[int, int]]:
    """A point on each card of the fanned hand that a click hits: the middle of the strip
    that the cards drawn after it (to its right, on top) leave uncovered."""
    places = list(hand_rects.items())
    points = {}
    for index, (card, rect) in enumerate(places):
        right = min([rect.right] + [later.left for _, later in places[index + 1:]])
        points[card] = ((rect.left + max(right, rect.left + 1)) // 2, rect.centery)
    return points


def screen_record(app: Watched) -> Json:
    scenes = app.stack.scenes
    top = scenes[-1] if scenes else None
    return {
        "event": "screen",
        "scenes": [type(s).__name__ for s in scenes],
        "top": type(top).__name__ if top else None,
        "targets": [t.to_json() for t in targets(top)] if top else [],
        "room_code": getattr(top, "room_code", None),
        "reason": getattr(top, "reason", None),
        "review": list(top.reviewer.progress) if isinstance(top, ReviewScene) else None,
        "review_step": top.step if isinstance(top, ReviewScene) else None,
    }


def moves_made(controller: object, view: PlayerView) -> int:
    """The game's moves so far where the window holds the game; a friend's window at a
    network table holds only its view, so there it counts this hand's passes and cards."""
    game = getattr(controller, "game", None)
    if isinstance(game, Game):
        return len(game.actions)
    passes = view.players - len(view.waiting_to_pass) if view.phase is Phase.PASSING else 0
    if view.phase is not Phase.PASSING and view.pass_targets:
        passes = view.players
    return passes + sum(len(t.cards) for t in view.tricks) + len(view.trick)


def table_record(table: TableScene) -> Json:
    """The table as a player sees it: only the viewer's own cards, and where they lie."""
    controller = table.controller
    view = controller.view()
    face_up = controller.hand_face_up
    legal = view.legal_cards() if face_up and view.my_turn and controller.active_human() == view.seat else ()
    passing = view.phase is Phase.PASSING
    slots = table.layout.pass_slots(table.pass_side()) if passing else []  # the table's own geometry
    return {
        "event": "table",
        "hand_index": view.hand_index,
        "phase": view.phase.value,
        "viewer": view.seat,
        "turn": view.turn,
        "active_human": controller.active_human(),
        "face_up": face_up,
        "busy": table.busy,
        "awaiting_continue": controller.awaiting_continue,
        "cards": [str(c) for c in view.cards()] if face_up else [],
        "hand": [{"card": str(c), "rect": rect_json(table.hand_rects[c]), "point": list(point)}
                 for c, point in card_points(table.hand_rects).items()] if face_up else [],
        "legal": [str(c) for c in legal],
        "pass_open": passing and view.passed is None and controller.active_human() == view.seat,
        "pass_slots": [
            {"rect": rect_json(r), "card": str(table.pass_slots[i]) if i < len(table.pass_slots) else None}
            for i, r in enumerate(slots)
        ],
        "passed": [str(c) for c in view.passed] if view.passed else None,
        "drop_zone": rect_json(table.layout.drop_zone()),
        "trick": [[seat, str(c)] for seat, c in zip(view.trick_seats(), view.trick)],
        "tricks_played": len(view.tricks),
        "hearts_broken": view.hearts_broken,
        "points_taken": list(view.points_taken),
        "totals": list(controller.totals),
        "actions": moves_made(controller, view),
    }


class UiLog:
    """Follows the app frame by frame (``App.on_frame``) and writes what changed."""

    def __init__(self, path: Path) -> None:
        self.file: TextIO = path.open("w", encoding="utf-8")
        self.started = time.monotonic()
        self.frame = 0
        self._last: dict[str, Json] = {}
        self._game: object = None
        self._actions: list[Action] = []
        self._results = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if error is not None:
            self.write({"event": "crash", "error": f"{kind.__name__ if kind else ''}: {error}"})
        self.file.close()

    def write(self, record: Json) -> None:
        line = {"t": round(time.monotonic() - self.started, 3), "frame": self.frame} | record
        self.file.write(json.dumps(line) + "\n")
        self.file.flush()

    def _changed(self, record: Json) -> None:
        """Write ``record`` unless it says what the last record of its kind said."""
        if self._last.get(record["event"]) != record:
            self._last[record["event"]] = record
            self.write(record)

    def observe(self, app: Watched) -> None:
        self.frame += 1
        surface = pygame.display.get_surface()
        window = pygame.display.get_wm_info().get("window")
        self._changed({"event": "window", "id": window if isinstance(window, int) else None,
                       "size": list(surface.get_size()) if surface is not None else None})
        self._changed(screen_record(app))
        table = app.table
        if table is not None:
            self._follow_game(table.controller)
            self._changed(table_record(table))

    def _follow_game(self, model: TableModel) -> None:
        """Each action applied (and any taken back), each hand scored, the game's end.

        A friend's window at a network table holds no game, only what its seat sees: its log
        has the scored hands and the end, not the moves."""
        game = getattr(model, "game", None)
        if model is not self._game:
            self._game = model
            self._actions = list(game.actions) if isinstance(game, Game) else []
            self._results = len(model.results)
            self.write({"event": "game", "players": model.players, "actions": len(self._actions),
                        "hand_index": model.view().hand_index, "totals": list(model.totals)})
        if isinstance(game, Game):
            self._follow_actions(game.actions)
        for index in range(self._results, len(model.results)):
            result = model.results[index]
            self.write({"event": "hand_scored", "hand_index": index, "points": list(result.points),
                        "totals": [sum(r.points[s] for r in model.results[: index + 1]) for s in range(model.players)]})
        finished = self._results < len(model.results)
        self._results = len(model.results)
        if finished and model.over:
            totals = list(model.totals)
            self.write({"event": "game_over", "winner": totals.index(min(totals)), "totals": totals})

    def _follow_actions(self, actions: list[Action]) -> None:
        if len(actions) == len(self._actions) and (not actions or actions[-1] == self._actions[-1]):
            return
        kept = 0
        while kept < min(len(actions), len(self._actions)) and actions[kept] == self._actions[kept]:
            kept += 1
        if kept < len(self._actions):
            self.write({"event": "taken_back", "actions": kept, "count": len(self._actions) - kept})
        for number, action in enumerate(actions[kept:], start=kept):
            self.write({"event": "action", "number": number} | action_to_json(action))
        self._actions = list(actions)
