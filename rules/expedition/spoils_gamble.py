"""The Gambling Den (rulebook "Gambling Den", "Betting", "The Fool's Deck") with the starter pack's own game, Three
Lanterns (content/packs/starter/loot/loot.yaml; docs/spoils.md). The Fool's deck is shuffled with the dice port."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from content.loader import Catalogue
from content.schema.loot import GamblingGame
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.expedition.spoils import gold_value, in_spoils, loot_name
from rules.expedition.spoils_state import Exchanged, SpoilsState
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/spoils/test_gamble.py::"
Outcome = Literal["lose", "recover", "win"]


def judge(game: GamblingGame, letters: list[str]) -> Outcome:
    """Three Lanterns: the Fool loses the bet; all letters alike (the wild letter stands for any) wins; a pair (the
    wild letter can make one) recovers the bet; anything else loses it."""
    if game.fool in letters:
        return "lose"
    wild = sum(1 for x in letters if x == game.wild)
    plain = Counter(x for x in letters if x != game.wild)
    best = max(plain.values(), default=0) + wild
    if best >= len(letters):
        return "win"
    if best >= 2:
        return "recover"
    return "lose"


def draw_fools(cat: Catalogue, sp: SpoilsState, game: GamblingGame, count: int, dice: Dice) -> list[str]:
    """Rulebook, "The Fool's Deck": "If, at any point, the Fool's deck is empty, immediately shuffle its discard pile
    into the deck." The deck is shuffled the first time it is used in an Expedition."""
    deck = cat.fools_decks.get(game.deck)
    if deck is None:
        raise RuleError(f"the game {game.name} needs the Fool's deck {game.deck!r}, which no pack loaded holds")
    if not sp.fools_draw and not sp.fools_discard:
        sp.fools_draw = dice.shuffle(deck.letters())
    drawn = []
    for _ in range(count):
        if not sp.fools_draw:
            sp.fools_draw, sp.fools_discard = dice.shuffle(sp.fools_discard), []
        drawn.append(sp.fools_draw.pop(0))
    sp.fools_discard += drawn
    return drawn


def game_of(cat: Catalogue, game_id: str | None) -> GamblingGame:
    if game_id is None:
        if len(cat.gambling_games) == 1:
            return next(iter(cat.gambling_games.values()))
        raise RuleError("name the game with game:<id>; the games are: " + (", ".join(cat.gambling_games) or "none"))
    game = cat.gambling_games.get(game_id)
    if game is None:
        raise RuleError(f"there is no Gambling Den game {game_id!r}; the games are: "
                        + (", ".join(cat.gambling_games) or "none"))
    return game


@implements("Gambling Den", tests=[T + "test_three_lanterns_outcomes", T + "test_gamble_bets_spare_scrap_only",
                                   T + "test_a_gamble_changes_gold_or_cards"])
def gamble(cat: Catalogue, state: CampaignState, k: KnightState, uids: list[str], game_id: str | None,
           dice: Dice) -> list[str]:
    """Rulebook, "Betting": "Each Gambling game will require that you bet at least one Loot card gained from the Spare
    Scrap." Outcomes: "Lose your bet — discard all the Loot cards you have bet."; "Recover your bet"; "Win an
    appropriate amount of gold, depending on how many Loot cards were at stake"."""
    _, sp = in_spoils(state)
    game = game_of(cat, game_id)
    bet = list(dict.fromkeys(u.upper() for u in uids))
    if not game.min_bet <= len(bet) <= game.max_bet:
        raise RuleError(f"{game.name} takes a bet of {game.min_bet} to {game.max_bet} Loot card(s); you named "
                        f"{len(bet)}")
    mine = sp.spare.get(k.id, [])
    for u in bet:
        if u not in mine:
            raise RuleError(f"{u} is not a Spare Scrap card of {k.name}: only Loot cards gained from the Spare Scrap "
                            f"are bet ({k.name}'s: {', '.join(x for x in mine if x not in sp.exchanged) or 'none'})")
        if u in sp.exchanged:
            raise RuleError(f"{u} was already exchanged or lost")
    items = [sp.item(u) for u in bet]
    value = sum(gold_value(cat, i) for i in items if i is not None)
    letters = draw_fools(cat, sp, game, game.draw, dice)
    outcome = judge(game, letters)
    shown = " ".join(letters)
    names = ", ".join(loot_name(cat, i) for i in items if i is not None)
    if outcome == "lose":
        for u in bet:
            sp.exchanged[u] = Exchanged(knight=k.id, how="gamble_lost")
        line = f"loses the bet: {names} discarded"
    elif outcome == "recover":
        line = f"recovers the bet ({names})"
    else:
        won = value * game.win_multiplier
        k.sheet.gold += won
        for u in bet:
            sp.exchanged[u] = Exchanged(knight=k.id, how="gamble_won", gold=won if u == bet[0] else 0)
        line = f"wins {won} Gold ({game.win_multiplier} × the bet's {value}); {k.name} has {k.sheet.gold} Gold"
    text = f"🎲 {game.name}: {k.name} bets {len(bet)} card(s) and draws {shown} — {line}."
    sp.gambles.append(text)
    return [text]
