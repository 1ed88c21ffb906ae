"""The coach's review of a hand: the table as it was at each of the player's decisions, the
decisions listed beside it with their marks, forward and back by buttons, arrows and a
slider. The review is computed in the bot worker; this screen only shows what has come in
and a progress bar, so it never stalls the window, and closing it stops the work. "All cards
shown" swaps in the coach's second opinion, judged on the true deal (computed the same way,
stopped when switched off), labelled as such wherever it shows: the player's own view stays
the default and the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..bots.inference import Deal
from ..coach.game import chosen_cards, where
from ..coach.reasons import headline
from ..coach.review import Mark
from ..controller.review import HandReviewer, Step
from ..engine import Card, cards_of
from ..language import N_, _, join_names, number, p_
from ..persistence.seats import shown_name
from ..words import points
from . import reading, theme
from .card_art import card_width
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp
from .overlays import Handover, handover_title
from .pass_selection import short_name
from .scene import Scene
from .widgets import Button, click, panel

MARK_COLOURS: dict[Mark, theme.Color] = {
    Mark.BEST: theme.HINT,
    Mark.GOOD: (190, 235, 170),
    Mark.INACCURACY: theme.GOLD,
    Mark.MISTAKE: (240, 150, 70),
    Mark.BLUNDER: theme.RED,
}
ALL_CARDS_KEY = pygame.K_a
STEP_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -100, pygame.K_END: 100}
ACROSS_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
"""A step left or right: back or on as the player reads (Left goes on in Hebrew)."""
HAND_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
ALL_CARDS = N_("All cards shown")
"""The second opinion's button, and where it shows, its label."""
YOUR_VIEW = N_("Your view")
OTHER_HAND_SCALE = 0.7
"""With all cards shown, the others' hands are drawn this size against the player's own."""
OUTLINE_PAD = 2
"""How far an outline stands out from its card."""
OUTLINE_GAP = 3
"""Pixels always left between the outlines of neighbouring cards in a fan."""
ROW_PAD = 4
"""Pixels between a decision's texts and the ends of its row."""


def card_outlines(spots: Sequence[pygame.Rect], colours: Sequence[theme.Color | None]
                  ) -> list[tuple[pygame.Rect, theme.Color]]:
    """The outline of each card of a fan (left to right) given a colour: around the part of
    it that shows, since the next card covers the rest, so neighbouring outlines never meet
    (a green best beside a yellow choice stays readable)."""
    outlines = []
    for index, (spot, colour) in enumerate(zip(spots, colours)):
        if colour is None:
            continue
        following = spots[index + 1] if index + 1 < len(spots) else None
        width = spot.width + 2 * OUTLINE_PAD if following is None else following.left - spot.left - OUTLINE_GAP
        outlines.append((pygame.Rect(spot.left - OUTLINE_PAD, spot.top - OUTLINE_PAD, width,
                                     spot.height + 2 * OUTLINE_PAD), colour))
    return outlines


class ReviewScene(Scene):
    """One hand's review for one seat, over the whole window."""

    def __init__(self, size: tuple[int, int], reviewer: HandReviewer, names: list[str],
                 face: Callable[[Card, int], pygame.Surface], cover_for: str | None = None,
                 hands: int = 1, open_hand: Callable[[int], HandReviewer] | None = None,
                 all_cards: Callable[[int], HandReviewer] | None = None, replays_hand: int | None = None) -> None:
        """``replays_hand``: the number, in its game, of the hand a deal played again replays."""
        super().__init__()
        self.replays_hand = replays_hand
        self.size = size
        self.hands = hands
        """Finished hands this review can go to (``open_hand`` makes the reviewer of one)."""
        self.open_hand = open_hand
        self.handover = (Handover(cover_for, N_("I am {name} — show my review"), self._lift_cover)
                         if cover_for is not None else None)
        """Hot-seat: the review stays hidden until its person says it is them."""
        self.reviewer = reviewer
        self.all_cards = all_cards
        """The second opinion's reviewer of a hand; None where no one knew every hand."""
        self.second: HandReviewer | None = None
        """The second opinion of the hand shown, while "All cards shown" is on."""
        self.names = names
        self.face = face
        self.step = 0
        self.summary_area = pygame.Rect(0, 0, 0, 0)
        self.table_area = pygame.Rect(0, 0, 0, 0)
        self.listing_area = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        # The arrows beside these labels and their keys' names are the code's (``reading.arrow``):
        # they point the way the player reads, so no translation writes one.
        self.back = Button(lambda: p_("previous decision", "Back"), lambda: self.move(-1),
                           key_hint=lambda: reading.arrow_key(-1), direction=-1)
        self.forward = Button(lambda: p_("next decision", "Next"), lambda: self.move(1),
                              key_hint=lambda: reading.arrow_key(1), name="next", direction=1)
        self.close_button = Button(_("Close"), self.close,
                                   # Translators: the name of the Escape key, as written on keyboards.
                                   key_hint=_("Esc"), name="close")
        self.earlier = Button(lambda: p_("deal", "Hand"), lambda: self.go_to_hand(-1),
                              # Translators: PgUp is the Page Up key as keyboards write it.
                              key_hint=lambda: _("PgUp"), direction=-1)
        self.later = Button(lambda: p_("deal", "Hand"), lambda: self.go_to_hand(1),
                            # Translators: PgDn is the Page Down key as keyboards write it.
                            key_hint=lambda: _("PgDn"), direction=1)
        self.all_cards_button = Button(_(ALL_CARDS), self.toggle_all_cards, key_hint="A")
        several = open_hand is not None and hands > 1
        self.buttons = ([self.earlier, self.back, self.forward, self.later] if several else [self.back, self.forward])
        self.buttons += [self.all_cards_button] if all_cards is not None else []
        self.buttons.append(self.close_button)
        self.place()

    @property
    def font_size(self) -> int:
        return max(12, int(min(self.size[0] / 70, self.size[1] / 44)))

    @property
    def cover_for(self) -> str | None:
        """Whose review is still behind its cover, if any."""
        return self.handover.name if self.handover is not None else None

    def _lift_cover(self) -> None:
        self.handover = None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.place()

    @property
    def shown(self) -> HandReviewer:
        """The review on screen: the second opinion while it is on, else the player's own."""
        return self.second or self.reviewer

    def on_exit(self) -> None:
        """The review's work stops with its screen, however the screen left."""
        if self.second is not None:
            self.second.cancel()
        self.reviewer.close()

    def toggle_all_cards(self) -> None:
        """Show the second opinion with all cards shown (its work starts), or stop it and go
        back to the player's own view."""
        if self.all_cards is None:
            return
        if self.second is None:
            self.second = self.all_cards(self.reviewer.hand_index)
        else:
            self.second.cancel()
            self.second = None
        self.all_cards_button.label = _(YOUR_VIEW) if self.second else _(ALL_CARDS)
        self.place()

    def go_to_hand(self, step: int) -> None:
        """Another finished hand of the game: its work starts, this one's stops."""
        hand = self.reviewer.hand_index + step
        if self.open_hand is None or not 0 <= hand < self.hands:
            return
        self.reviewer.cancel()
        self.reviewer = self.open_hand(hand)
        if self.second is not None and self.all_cards is not None:
            self.second.cancel()
            self.second = self.all_cards(hand)
        self.step = 0
        self.place()

    def move(self, steps: int) -> None:
        self.step = min(max(self.step + steps, 0), max(0, len(self.reviewer.steps) - 1))
        self.place()

    def update(self, dt: float) -> None:
        if self.handover is not None:
            self.handover.update(dt)
        self.reviewer.poll()
        if self.second is not None:
            self.second.poll()
        self.place()

    # ----------------------------------------------------------------- input

    def handle(self, intent: Intent) -> bool:
        if self.handover is not None:
            self._covered(self.handover, intent)
        elif isinstance(intent, KeyPress):
            if intent.key == pygame.K_ESCAPE:
                self.close()
            elif intent.key in STEP_KEYS:
                self.move(STEP_KEYS[intent.key])
            elif intent.key in ACROSS_KEYS:
                self.move(reading.forward(ACROSS_KEYS[intent.key]))
            elif intent.key in HAND_KEYS:
                self.go_to_hand(HAND_KEYS[intent.key])
            elif intent.key == ALL_CARDS_KEY:
                self.toggle_all_cards()
        elif isinstance(intent, PointerDown):
            self._pointer_down(intent.pos)
        elif isinstance(intent, PointerMove):
            for button in self.buttons:
                button.hovered = button.rect.collidepoint(intent.pos)
            if self.dragging and intent.pressed:
                self._slide_to(intent.pos[0])
        elif isinstance(intent, PointerUp):
            self.dragging = False
        return True

    def _covered(self, handover: Handover, intent: Intent) -> None:
        """Behind the hot-seat cover only lifting it (or leaving) does anything."""
        if isinstance(intent, KeyPress) and intent.key == pygame.K_ESCAPE:
            self.close()
        else:
            handover.handle(intent)

    def _pointer_down(self, pos: tuple[int, int]) -> None:
        if click(self.buttons, pos):
            return
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos):
                self.step = i
                return
        if self.slider.inflate(0, self.slider.height * 2).collidepoint(pos):
            self.dragging = True
            self._slide_to(pos[0])

    def _slide_to(self, x: int) -> None:
        count = len(self.reviewer.steps)
        if count > 1 and self.slider.width:  # the first decision at the reading's start
            share = (reading.across(x, self.slider.left, self.slider.right) - self.slider.left) / self.slider.width
            self.step = min(max(round(share * (count - 1)), 0), count - 1)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.size), (0, 0))
        fs = self.font_size
        if self.handover is not None:
            name = self.handover.name
            self.handover.draw(surface, self.size, handover_title(name),
                               _("{name}: when you have the computer, press the button below (or Enter) for your "
                                 "review.").format(name=shown_name(name)))
            return
        reviewer = self.reviewer
        name = shown_name(self.names[reviewer.seat])
        title = self._title()
        surface.blit(title, title.get_rect(midtop=(self.size[0] // 2, fs // 2)))
        self._draw_summary(surface, self.summary_area, fs)
        panel(surface, self.listing_area)
        if reviewer.steps:
            self._draw_table(surface, self.table_area, reviewer.steps[self.step], fs)
            self._draw_list(surface, self.listing_area.inflate(-fs, -fs), fs)
        else:
            text = theme.text(_("{name} made no decision in this hand.").format(name=name), fs, theme.INK)
            surface.blit(text, text.get_rect(center=self.table_area.center))
        self._draw_controls(surface, fs)

    @property
    def heading(self) -> str:
        """The title, which says when the second opinion is on."""
        number, name = self.reviewer.hand_index + 1, shown_name(self.names[self.reviewer.seat])
        if self.replays_hand is not None:
            number = self.replays_hand
            if self.second:
                return _("Review of hand {number} played again — {name}, with all cards shown").format(
                    number=number, name=name)
            # Translators: {number} is the hand of a past game whose deal is being played again.
            return _("Review of hand {number} played again — {name}").format(number=number, name=name)
        if self.second:
            return _("Review of hand {number} — {name}, with all cards shown").format(number=number, name=name)
        # Translators: {number} counts the hands (deals) of the game; {name} is whose decisions are reviewed.
        return _("Review of hand {number} — {name}").format(number=number, name=name)

    def _title(self) -> pygame.Surface:
        size = int(self.font_size * 1.5)
        return theme.shadowed_text(theme.fitted(self.heading, size, self.size[0] - 2 * self.font_size, bold=True),
                                   size, theme.GOLD, bold=True)

    def _summary_height(self) -> int:
        """The summary's height: a progress line while the coach works, then two lines."""
        fs = self.font_size
        return int(fs * 1.5) + int(fs * 1.8) if self.shown.complete else int(fs * 2)

    def _draw_summary(self, surface: pygame.Surface, rect: pygame.Rect, fs: int) -> None:
        reviewer = self.shown
        done, total = reviewer.progress
        y = rect.top
        seen = self.second is not None
        if not reviewer.complete:
            if reviewer.failed:
                label = _("The coach could not judge every decision.")
            elif seen:
                label = _("The coach is looking at your decisions with all cards shown: {done} of {total}").format(
                    done=done, total=total)
            else:
                label = _("The coach is looking at your decisions: {done} of {total}").format(done=done, total=total)
            text = theme.text(label, fs, theme.INK)
            surface.blit(text, reading.at_start(text, rect, "topleft"))
            bar = reading.mirror_in(pygame.Rect(rect.left + text.get_width() + fs, y + fs // 4, rect.width // 3, fs),
                                    rect)
            pygame.draw.rect(surface, theme.PANEL, bar, border_radius=fs // 3)
            if total:  # filling from the reading's start
                filled = reading.mirror_in(pygame.Rect(bar.left, bar.top, bar.width * done // total, bar.height), bar)
                pygame.draw.rect(surface, theme.HINT, filled, border_radius=fs // 3)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, width=1, border_radius=fs // 3)
            return
        review = reviewer.review()
        cost = number(review.mean_cost, 2)
        # Translators: {cost} is a number of points with two decimals ("0.85").
        label = (_("With all cards shown (not what you could see): mean cost {cost} points a decision").format(cost=cost)
                 if seen else _("Mean cost {cost} points a decision").format(cost=cost))
        text = theme.text(theme.fitted(label, fs, rect.width, bold=True), fs, theme.GOLD if seen else theme.INK,
                          bold=True)
        surface.blit(text, reading.at_start(text, rect, "topleft"))
        y += int(fs * 1.5)
        biggest = review.biggest
        # Translators: one of the costliest decisions: {where} is "Pass" or "Trick 3", {cost} points lost, {mark}
        # the mark ("mistake").
        costly = [_("{where} +{cost} ({mark})").format(where=where(d.trick), cost=number(d.cost, 1), mark=d.mark.label)
                  for d in biggest]
        # Translators: {decisions} lists the hand's costliest decisions.
        summary = (_("Biggest: {decisions}").format(decisions=join_names(costly))
                   if biggest else _("No inaccuracy, mistake or blunder in this hand."))
        line = theme.text(theme.fitted(summary, fs, rect.width), fs, theme.INK_DIM)
        surface.blit(line, reading.at_start(line, pygame.Rect(rect.left, y, rect.width, 0), "topleft"))

    def _truth(self) -> Deal | None:
        """Every hand as it truly was at the step shown, while the second opinion is on."""
        if self.second is None or self.step >= len(self.second.steps):
            return None
        return self.second.steps[self.step].truth

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, step: Step, fs: int) -> None:
        view = step.view
        n = view.players
        decision = self.shown.judged.get(step.action_index)
        card_h = max(40, min(int(rect.height / 4.2), int(rect.width / 6.5)))
        centre = (rect.centerx, rect.top + int(rect.height * 0.4))
        # The trick so far, each card in front of the seat that played it (ours at the bottom).
        offsets = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)} if n == 4 else None
        for seat, card in zip(view.trick_seats(), view.trick):
            place = (seat - view.seat) % n
            dx, dy = offsets[place] if offsets else (place - n // 2, 0)
            face = self.face(card, card_h)
            surface.blit(face, face.get_rect(center=(centre[0] + dx * int(card_h * 0.75),
                                                     centre[1] + dy * int(card_h * 0.55))))
        truth = self._truth()
        trick_reach = int(card_h * 0.75) + card_width(card_h) // 2 + fs // 2
        """How far the trick's cards reach sideways from the centre: the hands beside it stop there."""
        names: dict[int, tuple[pygame.Rect, int, int]] = {}
        for seat in range(n):
            place = (seat - view.seat) % n
            if place == 0:
                continue
            room = rect.copy()
            if offsets:
                dx, dy = offsets[place]
                x = centre[0] + dx * int(rect.width * 0.36)
            else:  # three or five players: the others side by side across the table
                dx, dy = 0, -1
                room.width = rect.width // (n - 1)
                room.left = rect.left + (place - 1) * room.width
                x = room.centerx
            if dy == 0:  # beside the trick: between the table's edge and the trick's cards
                room.width = rect.width // 2 - trick_reach
                if dx > 0:
                    room.right = rect.right
            at = (x, centre[1] + dy * int(card_h * 1.35))
            label = seat_points(self.names[seat], view.points_taken[seat])
            names[seat] = (self._draw_seat_label(surface, label, at, room, fs), dx, dy)
        if truth is not None:
            self._draw_other_hands(surface, rect, truth, names, card_h, trick_reach if offsets else None)
        hand_y = rect.bottom - card_h - fs * 2
        mine = theme.text(seat_points(self.names[view.seat], view.points_taken[view.seat]), fs, theme.INK, bold=True)
        surface.blit(mine, mine.get_rect(midbottom=(rect.centerx, hand_y - fs * 3 // 2)))
        cards = view.cards()
        chosen = set(decision.chosen) if decision else set(chosen_cards(step.action))
        best = set(decision.judgement.best.cards) if decision else set()
        step_x = min(int(card_h * 0.5), (rect.width - card_h) // max(1, len(cards)))
        x = rect.centerx - (step_x * (len(cards) - 1) + card_width(card_h)) // 2
        spots: list[pygame.Rect] = []
        for card in cards:
            lift = fs if card in chosen else 0
            face = self.face(card, card_h)
            spots.append(face.get_rect(topleft=(x, hand_y - lift)))
            surface.blit(face, spots[-1])
            x += step_x
        colours = [theme.HINT if card in best else theme.HIGHLIGHT if card in chosen else None for card in cards]
        for spot, colour in card_outlines(spots, colours):  # over the neighbours, so an outline is never half hidden
            pygame.draw.rect(surface, colour, spot, width=3, border_radius=6)
        said = (_("{where}: raised is what you chose, green the coach's best with all cards shown") if self.second
                else _("{where}: raised is what you chose, green the coach's best"))
        caption = theme.text(theme.fitted(said.format(where=where(step.trick)), int(fs * 0.85), rect.width),
                             int(fs * 0.85), theme.INK_DIM)
        surface.blit(caption, caption.get_rect(midtop=(rect.centerx, rect.bottom - fs * 2 + fs // 3)))

    def _draw_seat_label(self, surface: pygame.Surface, label: str, at: tuple[int, int], room: pygame.Rect,
                         fs: int) -> pygame.Rect:
        """A seat's name and points centred on ``at`` inside ``room``, on two lines or more
        where a language runs longer than the room; where the lines are."""
        texts = [theme.text(line, fs, theme.INK, bold=True) for line in theme.wrap(label, fs, room.width, bold=True)]
        block = pygame.Rect(0, 0, max(text.get_width() for text in texts), sum(text.get_height() for text in texts))
        block.center = at
        block.clamp_ip(room)
        y = block.top
        for text in texts:
            surface.blit(text, text.get_rect(midtop=(block.centerx, y)))
            y += text.get_height()
        return block

    def _draw_other_hands(self, surface: pygame.Surface, rect: pygame.Rect, truth: Deal,
                          names: dict[int, tuple[pygame.Rect, int, int]], card_h: int, trick_reach: int | None) -> None:
        """With all cards shown, each other player's hand face up by their name: above it
        for the players across the table, below it beside the trick (``trick_reach`` from
        the centre; None when every other player sits across)."""
        gap = self.font_size // 4
        room = min(named.top for named, _, dy in names.values()) - gap - rect.top
        small = max(1, min(int(card_h * OTHER_HAND_SCALE), room))
        across = [seat for seat, (_, dx, dy) in names.items() if dy < 0]
        for seat, (named, dx, dy) in names.items():
            if dy < 0:
                slot = pygame.Rect(rect.left, named.top - gap - small, rect.width // len(across), small)
                slot.centerx = min(max(named.centerx, rect.left + slot.width // 2), rect.right - slot.width // 2)
            else:
                width = rect.width // 2 - (trick_reach or 0)
                slot = pygame.Rect(rect.left if dx < 0 else rect.right - width, named.bottom + gap, width, small)
            self._draw_fan(surface, cards_of(truth.hands[seat]), slot, named.centerx)

    def _draw_fan(self, surface: pygame.Surface, cards: Sequence[Card], slot: pygame.Rect, middle: int) -> None:
        """Another player's cards face up in one row inside ``slot``, centred on ``middle``
        as far as the slot allows, each showing at least its corner."""
        if not cards:
            return
        height = slot.height
        width = card_width(height)
        step_x = max(1, min(width // 2, (slot.width - width) // max(1, len(cards) - 1)))
        span = step_x * (len(cards) - 1) + width
        x = min(max(middle - span // 2, slot.left), slot.right - span)
        for card in cards:
            surface.blit(self.face(card, height), (x, slot.top))
            x += step_x

    def _draw_list(self, surface: pygame.Surface, rect: pygame.Rect, fs: int) -> None:
        steps = self.reviewer.steps
        y = rect.top
        small = int(fs * 0.9)
        # The cards' column starts after the longest "Pass" or "Trick 13", in any language.
        widest = max((theme.font(small).size(where(step.trick))[0] for step in steps), default=0)
        cards_at = max(fs * 5, widest + ROW_PAD + fs // 2)
        for i, (step, row) in enumerate(zip(steps, self.row_rects)):
            if i == self.step:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=4)
            decision = self.shown.judged.get(step.action_index)
            played = " ".join(short_name(c) for c in chosen_cards(step.action))
            # The row less its margins: the step first, its cards, the mark at the end.
            cell = pygame.Rect(row.left + ROW_PAD, y + ROW_PAD // 2, row.width - 2 * ROW_PAD, row.height)
            step_name = theme.text(where(step.trick), small, theme.INK_DIM)
            surface.blit(step_name, reading.at_start(step_name, cell, "topleft"))
            cards = theme.text(played, small, theme.INK, bold=True)
            surface.blit(cards, reading.mirror_in(cards.get_rect(topleft=(row.left + cards_at, cell.top)), row))
            if decision is None:
                note = theme.text("…", small, theme.INK_DIM)
                surface.blit(note, reading.at_start(note, cell, "topright"))
            else:
                colour = MARK_COLOURS[decision.mark]
                # Translators: a decision's cost in points ("1.5") and its mark ("mistake").
                label = (decision.mark.label if decision.mark is Mark.BEST
                         else _("+{cost} {mark}").format(cost=number(decision.cost, 1), mark=decision.mark.label))
                mark = theme.text(label, small, colour, bold=True)
                surface.blit(mark, reading.at_start(mark, cell, "topright"))
            y = row.bottom
        decision = self.shown.judged.get(steps[self.step].action_index)
        y += fs // 2
        if decision is not None:
            best = " ".join(short_name(c) for c in decision.judgement.best.cards)
            head = theme.text(theme.fitted(headline(decision.judgement, best, self.second is not None),
                                           fs, rect.width, bold=True), fs, theme.HINT, bold=True)
            surface.blit(head, reading.at_start(head, pygame.Rect(rect.left, y, rect.width, 0), "topleft"))
            y += max(int(fs * 1.4), head.get_height())  # Arabic's marks above and below stand taller
            for line in theme.wrap(decision.reason, small, rect.width, most=max(1, (rect.bottom - y) // int(fs * 1.2))):
                text = theme.text(line, small, theme.INK)
                surface.blit(text, reading.at_start(text, pygame.Rect(rect.left, y, rect.width, 0), "topleft"))
                y += max(int(fs * 1.2), text.get_height())

    def place(self) -> None:
        """The summary, the table, the list of decisions with a row for each, the slider and
        the buttons along the bottom, for this size, step and progress: a click after a
        resize hits them before the next frame is drawn, and drawing only reads them."""
        if self.handover is not None:
            self.handover.place(self.size)
        w, h = self.size
        fs = self.font_size
        bar_h = int(fs * 2.6)
        top = fs // 2 + self._title().get_height() + fs // 2
        self.summary_area = pygame.Rect(fs, top, w - 2 * fs, self._summary_height())
        body = pygame.Rect(fs, self.summary_area.bottom, w - 2 * fs, h - self.summary_area.bottom - bar_h * 2 - fs)
        split = int(body.width * 0.56)
        # The list beside the table's picture is the interface: on the left in Hebrew, the
        # picture (the table as it was, never mirrored) on the right.
        self.table_area = reading.mirror(pygame.Rect(body.left, body.top, split - fs, body.height), w)
        self.listing_area = reading.mirror(pygame.Rect(body.left + split, body.top, body.width - split, body.height), w)
        rows = self.listing_area.inflate(-fs, -fs)
        row_h = max(fs + 4, min(int(fs * 1.6), rows.height // (len(self.reviewer.steps) + 6)))
        self.row_rects = [pygame.Rect(rows.left, rows.top + i * row_h, rows.width, row_h)
                          for i in range(len(self.reviewer.steps))]
        rect = pygame.Rect(fs, h - bar_h * 2, w - 2 * fs, bar_h * 2 - fs // 2)
        self.slider = pygame.Rect(rect.left + fs * 2, rect.top + fs // 2, rect.width - fs * 4, max(4, fs // 3))
        count = len(self.reviewer.steps)
        self.back.enabled = self.step > 0
        self.forward.enabled = self.step < count - 1
        self.earlier.enabled = self.reviewer.hand_index > 0
        self.later.enabled = self.reviewer.hand_index < self.hands - 1
        widest = max(b.width_for(int(fs * 0.95)) for b in self.buttons)
        room = (rect.width - (len(self.buttons) - 1) * fs) // len(self.buttons)
        width, height = min(max(int(fs * 9), widest), room), int(fs * 2.2)
        x = rect.centerx - (len(self.buttons) * width + (len(self.buttons) - 1) * fs) // 2
        for button in self.buttons:  # in the reading's order: from the right in Hebrew
            button.rect = reading.mirror(pygame.Rect(x, rect.bottom - height, width, height), w)
            x += width + fs

    def _draw_controls(self, surface: pygame.Surface, fs: int) -> None:
        count = len(self.reviewer.steps)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.slider, border_radius=3)
        if count:
            share = self.step / max(1, count - 1)
            along = self.slider.left + int(share * self.slider.width)
            knob = (reading.across(along, self.slider.left, self.slider.right), self.slider.centery)
            pygame.draw.circle(surface, theme.GOLD, knob, max(6, fs // 2))
        for button in self.buttons:
            button.draw(surface, int(fs * 0.95))



def seat_points(name: str, taken: int) -> str:
    """A player and the points they have taken this hand, as the reviewed table labels a seat."""
    # Translators: a seat at the reviewed table: a player's name and their points ("Anna · 3 pts").
    return _("{name} · {points}").format(name=shown_name(name), points=points(taken))
