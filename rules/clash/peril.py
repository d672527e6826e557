"""Vigor and Peril during a Clash: Vigor loss with the Monster's bonuses and the Armor Roll, Heat over the Heat Limit,
falling to 0 Vigor, the Peril Check with the Mortis deck of the Knight's Peril threshold, the Judicium, Massive Peril,
and the end of a step that resolves them (rulebook "Armor Roll", "Peril Check", "Multiple Peril Checks", "Drawing a
Mortis Card", "Falling Below "0" Vigor", "Massive Peril").

Effects owe Peril Checks while they are resolved (rules/clash/harm.py); ``settle`` resolves them at the end of the
step: one Peril Check per Knight, a Judicium instead for a Knight who fell to 0 Vigor or below ("Falling to 0 (or
below) always forces you to draw a Judicium, even if it was not accompanied by a Peril Check symbol."), and a
Judicium after a Mortis card that dropped the Knight to 0 ("at the end of the current step, if you did not draw a
Judicium, draw a Judicium"). A drawn card's effects are resolved on the Knight through ``harm.resolve_effects``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from content.schema.cards import LoseVigor
from content.schema.gear import TIERS, Gate, GearFace, Keyword
from rules import decks, facts, rolls
from rules.clash.harm_state import Harm, resolve_effects
from rules.clash.peril_facts import (
    PerilArmorRerolled,
    PerilArmorRolled,
    PerilCardDrawn,
    PerilChanceOffered,
    PerilCheckOwed,
    PerilDishonor,
    PerilDrawnAgain,
    PerilDroppedToZero,
    PerilNoArmorRoll,
    PerilReinforced,
    PerilSoaked,
    PerilStats,
    PerilUninjured,
    PerilVigorAsked,
    PerilWhenDrawn,
)
from rules.coverage import implements
from rules.decks.handlers import after_draw, massive_peril
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import loadout
from rules.knights import statistics as st
from rules.knights.find import find_knight
from rules.knights.stat_facts import JudiciumDue
from rules.knights.state import KnightState
from rules.power import PowerFace, PowerRoll, count_faces

MORTIS = {"minor": "minor_mortis", "major": "major_mortis", "grave": "grave_mortis"}
JUDICIUM = "judicium"
PERILS = ("uninjured", "minor", "major", "grave", "judicium")
REINFORCE = {"Reinforce": "red", "Advanced Reinforce": "black", "Superior Reinforce": "white"}
REINFORCE_KEY = "reinforce:"  # flow.named["reinforce:<knight id>"]: the Reinforce dice declared (knight_windows.py)
T = "tests/clash/test_harm.py::"
T2 = "tests/clash/test_second_chance.py::"


def knight_state(h: Harm, ident: str) -> KnightState:
    """A campaign Knight by id, board id (the slug of the name) or name."""
    return find_knight(h.state, ident)


def say_stats(h: Harm, k: KnightState, lines: Sequence[Line]) -> None:
    kept = [line for line in lines if not isinstance(facts.unpack(line), JudiciumDue)]  # the Peril step draws it
    if kept:
        h.say(PerilStats(knight=k.name, lines=kept))


# --- Vigor, Armor, Heat ---------------------------------------------------------------------------------------


def vigor_loss(h: Harm, k: KnightState, e: LoseVigor, hits: int, attack: bool, judgement: bool) -> tuple[int, int]:
    """The Vigor a card takes, with the Monster's bonuses, then the Armor Roll. Returns (asked, lost)."""
    n = e.amount * hits if e.per_hit else e.amount
    bonus = escalation = 0
    clash = h.state.clash
    if attack and clash is not None:
        if k.id not in h.bonus_paid:
            h.bonus_paid.append(k.id)
            bonus = clash.vigor_loss_bonus
        escalation = clash.bonuses.vigor_loss_per_hit
        n += bonus + escalation * hits
    if bonus or escalation:
        h.say(PerilVigorAsked(knight=k.name, total=n, amount=e.amount, hits=hits, per_hit=e.per_hit,
                              bonus=bonus, escalation=escalation))
    asked = n
    if attack and not judgement:
        n = armor_roll(h, k, n)
    elif judgement:
        h.say(PerilNoArmorRoll())
    if n > 0:
        lose_vigor(h, k, n)
    return asked, n


def lose_vigor(h: Harm, k: KnightState, n: int) -> None:
    """Lose ``n`` Vigor through the Knight rules (limits apply), and remember a fall to 0 or below. Fortify's
    additional Vigor is lost first: only the rest counts towards a fall to 0."""
    n, extra = st.additional_first(k, n)
    say_stats(h, k, extra)
    if n <= 0:
        return
    before = k.stats.vigor
    say_stats(h, k, st.change_vigor(h.cat, k, -n))
    lost(h, k, before, n)


@implements(
    'Falling Below "0" Vigor',
    tests=[T + "test_falling_to_zero_draws_a_judicium_without_a_peril_check",
           T + "test_falling_to_zero_replaces_the_mortis_draw", T + "test_kara_massive_peril_example",
           T + "test_ser_sonch_crash_example", T + "test_you_live_leaves_vigor_at_zero",
           T + "test_a_mortis_card_that_drops_vigor_to_zero_is_followed_by_a_judicium"],
)
def lost(h: Harm, k: KnightState, before: int, n: int) -> None:
    """"When your Vigor drops to 0 or below ... leave your Vigor marker at "0", but for the purpose of the current
    Peril Check, treat it as if it went into the negative" and "Falling to 0 (or below) always forces you to draw
    a Judicium, even if it was not accompanied by a Peril Check symbol." ``before`` is the Vigor before the loss."""
    h.loss[k.id] = h.loss.get(k.id, 0) + n
    if n <= 0 or before - n > 0:
        return
    h.below[k.id] = h.below.get(k.id, 0) + n - before
    if k.id not in h.judicium_due:
        h.judicium_due.append(k.id)
    h.say(PerilDroppedToZero(knight=k.name, treated=-h.below[k.id]))


def change_heat(h: Harm, k: KnightState, n: int) -> None:
    """Heat through the Knight rules: "If any effect would force you to raise your Heat above your Heat Limit, raise
    your Heat to your current limit, then lose Vigor equal to the value by which you exceeded your Heat Limit." That
    Vigor loss can drop the Knight to 0 like any other."""
    before = k.stats.vigor
    gain = n - 1 if n > 0 and k.sheet.vices.get("cruelty", 0) > 0 else n
    excess = max(0, k.stats.heat + gain - st.heat_limit(h.cat, k)) if gain > 0 else 0
    say_stats(h, k, st.change_heat(h.cat, k, n))
    if excess:
        lost(h, k, before, excess)


def _defence(h: Harm, k: KnightState) -> list[tuple[str, GearFace, list[Keyword]]]:
    """Gear whose defensive statistics count now: equipped, neither exhausted ("you cannot use it as an active
    weapon or use its defensive statistics") nor discarded; a Weapon only as the active Weapon."""
    out = []
    for e in k.loadout:
        if e.exhausted or e.discarded:
            continue
        gear = loadout.gear(h.cat, e.gear)
        if gear.type == "weapon" and h.weapons.get(k.id) != e.gear:
            continue
        face = loadout.face(h.cat, k, e.gear)
        keywords = list(face.keywords)
        for ability in face.abilities:
            if ability.cost is None and _unlocked(h, k, ability.gate):
                keywords += ability.keywords
        item = loadout.armory_item(k, e.gear)
        upgrade = h.cat.upgrades.get(item.upgrade) if item and item.upgrade else None
        if upgrade is not None:
            keywords += upgrade.keywords
        out.append((face.name, face, keywords))
    return out


def _unlocked(h: Harm, k: KnightState, gate: Gate | None) -> bool:
    """A gated ability counts at its Peril threshold or beyond ("if a game element has a Minor Mortis gated effect,
    you can use it on all Peril thresholds except Uninjured"), or at its tier or above."""
    if gate is None:
        return True
    if gate.peril is not None:
        return PERILS.index(st.peril(h.cat, k)) >= PERILS.index(gate.peril)
    return gate.tier is None or TIERS.index(k.sheet.tier) >= TIERS.index(gate.tier)


@implements(
    "Armor Roll",
    tests=[T + "test_armor_roll_counts_power_symbols_only", T + "test_armor_reduced_to_zero_skips_the_peril_check",
           T + "test_judgement_vigor_loss_is_not_reduced_by_armor",
           T + "test_exhausted_or_discarded_armor_gives_no_dice",
           T + "test_a_weapon_gives_armor_dice_only_as_the_active_weapon"],
)
def armor_roll(h: Harm, k: KnightState, n: int, *, clash: bool = True) -> int:
    """"sum up the Armor dice from all your sources, and roll them. When you perform an Armor Roll, you count Power
    symbols, not Potential or Hope. Subtract those from the total amount of Vigor you are about to lose." Then
    Soak X: "Reduce Vigor loss from Monster Attacks during a Clash by X. You can use this ability only after
    performing the Armor Roll." Returns the Vigor still to lose. Reinforce X adds its dice (``_reinforce``); Armor
    Re-roll re-rolls dice without Power. ``clash`` False (an Encounter): Soak does not apply (docs/rulings.md)."""
    sources = _defence(h, k)
    white = sum(f.armor_dice.white for _, f, _ in sources)
    black = sum(f.armor_dice.black for _, f, _ in sources)
    red = sum(f.armor_dice.red for _, f, _ in sources)
    extra = _reinforce(h, k, sources)
    white, black, red = white + extra["white"], black + extra["black"], red + extra["red"]
    if white + black + red:
        if h.cat.dice is None:
            raise RuleError("no dice are defined by the loaded content packs: the Armor Roll cannot be rolled")
        r = rolls.power(h.dice, h.cat.dice, white, black, red, f"armor roll ({k.name})")
        rerolls = sum(kw.value or 0 for _, _, kws in sources for kw in kws if kw.name == "Armor Re-roll")
        r = _armor_rerolls(h, k, r, rerolls)
        left = max(0, n - r.power)
        names = [name for name, f, _ in sources if f.armor_dice.total] + (["Reinforce"] if any(extra.values()) else [])
        pool = {c: count for c, count in (("red", red), ("black", black), ("white", white)) if count}
        h.say(PerilArmorRolled(knight=k.name, pool=pool, sources=names,
                               faces=[(f.colour, f.power) for f in r.faces], armor=r.power, before=n,
                               after=left))
        n = left
    soak = sum(kw.value or 0 for _, _, kws in sources for kw in kws if kw.name == "Soak")
    if soak and not clash:
        h.say(PerilSoaked(soak=soak, applies=False))
        return n
    if soak and n:
        h.say(PerilSoaked(soak=soak, before=n, after=max(0, n - soak)))
        n = max(0, n - soak)
    return n


def _reinforce(h: Harm, k: KnightState, sources: list[tuple[str, GearFace, list[Keyword]]]) -> dict[str, int]:
    """"When you are about to resolve an Armor Roll, add X red dice to your Armor dice Pool" (Advanced: black;
    Superior: white). A Reinforce that costs nothing (on equipped Gear, or a cost-free ability whose gate is met) is
    always used: it can only lower the Vigor loss. One with a cost was declared with ``/knight react`` before the
    roll and is taken from ``flow.named`` (rules/clash/knight_windows.py). Returns the extra dice by colour."""
    extra = {"white": 0, "black": 0, "red": 0}
    gear: list[tuple[str, str]] = []
    for name, _, kws in sources:
        for kw in kws:
            if kw.name in REINFORCE:
                extra[REINFORCE[kw.name]] += kw.value or 1
                gear.append((kw.label(), name))
    clash = h.state.clash
    colours = clash.flow.named.pop(REINFORCE_KEY + k.id, []) if clash is not None else []
    declared = {c: colours.count(c) for c in ("red", "black", "white") if colours.count(c)}
    for colour, count in declared.items():
        extra[colour] += count
    if gear or declared:
        h.say(PerilReinforced(knight=k.name, extra={c: n for c, n in extra.items() if n}, gear=gear,
                              declared=declared))
    return extra


def _armor_rerolls(h: Harm, k: KnightState, r: PowerRoll, x: int) -> PowerRoll:
    """"Armor Re-roll X: During an Armor Roll, you may re-roll up to X Armor dice." The bot re-rolls dice that show no
    Power symbol (a re-roll cannot make them worse), each once, all declared before rolling."""
    idle = [i for i, f in enumerate(r.faces) if f.power == 0][:x]
    if not idle or h.cat.dice is None:
        return r
    faces = list(r.faces)
    for i in idle:
        colour = faces[i].colour
        n = h.dice.d6(f"armor re-roll ({k.name}, {colour})", colour=colour, reroll=True)
        shown = h.cat.dice.die(colour).faces[n - 1]
        faces[i] = PowerFace(colour=colour, face=n, power=shown.power, potential=shown.potential, hope=shown.hope)
    h.say(PerilArmorRerolled(knight=k.name, x=x, count=len(idle)))
    return count_faces(r.pool, faces)


@implements("Multiple Peril Checks", tests=[T + "test_only_one_peril_check_per_step"])
def owe_peril_check(h: Harm, knight: str) -> None:
    """"Some game effects may instruct you to perform a Peril Check in addition to those already included in the
    current action. In such cases always resolve only one Peril Check.\""""
    k = knight_state(h, knight)
    if k.id in h.peril_due or k.id in h.checked:
        h.say(PerilCheckOwed(knight=k.name, already=True))
        return
    h.peril_due.append(k.id)
    h.say(PerilCheckOwed(knight=k.name))


# --- Peril Checks ----------------------------------------------------------------------------------------------


@implements(
    "Peril Check",
    tests=[T + "test_peril_check_draws_from_the_deck_of_the_current_threshold",
           T + "test_no_mortis_card_without_a_peril_check_symbol", T + "test_an_uninjured_knight_draws_no_mortis",
           T + "test_a_peril_check_at_zero_vigor_is_a_judicium"],
)
@implements(
    "Drawing a Mortis Card",
    tests=[T + "test_peril_check_draws_from_the_deck_of_the_current_threshold",
           T + "test_a_mortis_card_that_drops_vigor_to_zero_is_followed_by_a_judicium"],
)
def peril_check(h: Harm, knight: str) -> None:
    """"Whenever you are instructed to perform a Peril Check, check your current Vigor. If the threshold is other
    than Uninjured, draw a Mortis or Judicium card of the corresponding threshold"; "After resolving the card's
    effects, place it at the bottom of the corresponding Mortis deck"."""
    k = knight_state(h, knight)
    if k.dead:
        return
    if k.id not in h.checked:
        h.checked.append(k.id)
    threshold = st.peril(h.cat, k)
    if threshold == "judicium":
        judicium(h, k.id)
    elif threshold == "uninjured":
        h.say(PerilUninjured(knight=k.name))
    else:
        _draw(h, k, MORTIS[threshold], threshold)


@implements(
    "Massive Peril",
    tests=[T + "test_kara_massive_peril_example", T + "test_massive_peril_cards_added_at_minus_nine_stack"],
    note="rules.clash.peril.judicium adds them before the draw; /clash end takes them out",
)
def judicium(h: Harm, knight: str) -> None:
    """"To draw a Judicium, shuffle the Judicium deck and draw the top card." With the Vigor treated as negative,
    Massive Peril cards are "added immediately before drawing a Judicium"."""
    k = knight_state(h, knight)
    if k.dead:
        return
    for part in (h.judged, h.checked):
        if k.id not in part:
            part.append(k.id)
    vigor = min(0, k.stats.vigor) - h.below.get(k.id, 0)
    deck = h.engine.deck(JUDICIUM)
    pile, events, _ = massive_peril(h.engine, deck, h.engine.pile(h.state, deck.id), vigor if vigor < 0 else None)
    h.state.decks[deck.id] = pile
    h.lines += [e.fact for e in events if e.fact is not None]
    _draw(h, k, deck.id, None, vigor)


def judicium_card(h: Harm, name: str, vigor: int, second_chance: bool) -> Any:
    """A Judicium for one who is not a campaign Knight (a Squire): Massive Peril as for a Knight, the card drawn, and
    with ``second_chance`` a card that kills is ignored and another drawn ("You cannot ignore the second draw").
    The card is returned to the deck as its rule says; the caller resolves it."""
    deck = h.engine.deck(JUDICIUM)
    pile, events, _ = massive_peril(h.engine, deck, h.engine.pile(h.state, deck.id), vigor if vigor < 0 else None)
    h.state.decks[deck.id] = pile
    h.lines += [e.fact for e in events if e.fact is not None]
    card_id = _take(h, JUDICIUM)
    card = h.engine.card(JUDICIUM, card_id)
    h.say(PerilCardDrawn(knight=name, card=card.name, text=card.text, vigor=vigor))
    if second_chance and kills(card):
        h.state.decks[deck.id] = after_draw(deck, h.engine.pile(h.state, deck.id), card_id, h.dice)
        card_id = _take(h, JUDICIUM)
        card = h.engine.card(JUDICIUM, card_id)
        h.say(PerilDrawnAgain(knight=name, chance="Second Chance", card=card.name, text=card.text))
    h.state.decks[deck.id] = after_draw(deck, h.engine.pile(h.state, deck.id), card_id, h.dice)
    return card


def _draw(h: Harm, k: KnightState, deck_id: str, threshold: str | None, vigor: int = 0) -> None:
    """Draw for a Peril Check at ``threshold`` (a Mortis deck), or a Judicium (``threshold`` None) with the Vigor
    treated as ``vigor``."""
    deck = h.engine.deck(deck_id)
    card_id = _take(h, deck_id)
    card = h.engine.card(deck.id, card_id)
    h.say(PerilCardDrawn(knight=k.name, card=card.name, text=card.text, deck=deck.name,
                         threshold=threshold, vigor=vigor))
    chance = _chance(h, k)
    if chance is not None and kills(card):
        card_id, card = _second_draw(h, k, deck_id, card_id, chance)
    elif chance is not None:
        second_chance_offer(h, k, deck.id, chance)
    if deck_id in MORTIS.values():
        _when_drawn(h, k, card.name)
    if not _dishonor(h, k, deck_id, card) and not k.dead:
        resolve_effects(h, k.id, card.effects, source=card.name)
    h.state.decks[deck.id] = after_draw(deck, h.engine.pile(h.state, deck.id), card_id, h.dice)


@implements("Timing Rules", status="assisted", tests=[
    "tests/rulebook_cases/test_mortis_draw.py::test_a_when_you_draw_a_mortis_card_ability_resolves_before_the_card"],
            note="\"When you draw a Mortis card\" Gear abilities: resolved after the draw, before the card (those with "
                 "a cost are shown then, to use by hand)")
def _when_drawn(h: Harm, k: KnightState, card: str) -> None:
    """Rulebook, "Timing Rules": "If an effect triggers a \"When you draw a Mortis card,\" it activates immediately
    after you draw the card but before you resolve it." A Gear ability with ``trigger: draw_mortis`` (equipped, not
    discarded, its gate met) and no cost is a constant ability: its ``effects`` are resolved now; one with a cost is
    the player's choice, shown now with its text."""
    for e in k.loadout:
        if e.discarded or e.gear not in h.cat.gear:
            continue
        face = loadout.face(h.cat, k, e.gear)
        for a in face.abilities:
            if a.trigger != "draw_mortis" or not st.gate_met(h.cat, k, a.gate):
                continue
            if a.cost is None and a.effects:
                h.say(PerilWhenDrawn(knight=k.name, gear=face.name, text=a.text or a.name, card=card,
                                     auto=True))
                resolve_effects(h, k.id, a.effects, source=face.name)
            else:
                h.say(PerilWhenDrawn(knight=k.name, gear=face.name, text=a.text, card=card, auto=False,
                                     cost=a.cost))


@implements("Vices", chapter="Other Rules",
            tests=[T2 + "test_dishonor_ignores_the_first_positive_mortis_of_the_expedition"],
            note="Dishonor here; the other Vices where they act (docs/expedition-evidence.md)")
def _dishonor(h: Harm, k: KnightState, deck_id: str, card: Any) -> bool:
    """"Dishonor (Tenacity): When you draw your first positive Mortis during the Expedition, ignore its effects." """
    exp = h.state.expedition
    if deck_id not in MORTIS.values() or "positive" not in card.tags or not k.sheet.vices.get("dishonor"):
        return False
    if exp is None:
        h.say(PerilDishonor(knight=k.name, by_hand=True))
        return False
    if k.id in exp.dishonored:
        return False
    exp.dishonored.append(k.id)
    h.say(PerilDishonor(knight=k.name, card=card.name))
    return True


def _take(h: Harm, deck_id: str, leave_out: str | None = None) -> str:
    """Draw the top card (a shuffle-in deck is shuffled first); ``leave_out`` is set aside for this draw only."""
    deck = h.engine.deck(deck_id)
    pile = h.engine.pile(h.state, deck.id)
    aside = leave_out is not None and leave_out in pile.draw
    if aside:
        pile = pile.model_copy(update={"draw": [c for c in pile.draw if c != leave_out]})
    if deck.after_draw == "shuffle_in":
        pile = decks.shuffle(pile, h.dice)
    card_id, pile = decks.draw(pile, deck.name)
    if aside and leave_out is not None:
        pile = pile.model_copy(update={"draw": [*pile.draw, leave_out]})
    h.state.decks[deck.id] = pile
    return card_id


def _chance(h: Harm, k: KnightState) -> str | None:
    """"Superior Chance" or "Second Chance" when a Gear card of the Loadout has it (Superior first)."""
    names = {kw.name for e in k.loadout if not e.discarded for kw in loadout.face(h.cat, k, e.gear).keywords}
    return next((n for n in ("Superior Chance", "Second Chance") if n in names), None)


def kills(card: Any) -> bool:
    return "death" in card.tags or any(e.type == "die" for e in card.effects)


def _second_draw(h: Harm, k: KnightState, deck_id: str, first: str, chance: str) -> tuple[str, Any]:
    """"After you draw a Mortis or Judicium card, you may ignore its effect and discard it. Draw and resolve another
    card from the same deck (note: a discarded Judicium is immediately shuffled back into the Judicium deck). You
    cannot ignore the second draw in any way." No player keeps a card that kills their Knight, so the bot uses it
    then (docs/rulings.md). Superior Chance draws again "removing the You Died Horribly Massive Peril Judicium card
    for that draw only"."""
    deck = h.engine.deck(deck_id)
    h.state.decks[deck.id] = after_draw(deck, h.engine.pile(h.state, deck.id), first, h.dice)
    leave_out = None
    if chance == "Superior Chance" and deck_id == JUDICIUM:
        leave_out = next((c.id for c in deck.cards if c.massive_peril == -5), None)
    card_id = _take(h, deck_id, leave_out)
    card = h.engine.card(deck.id, card_id)
    h.say(PerilDrawnAgain(knight=k.name, chance=chance, card=card.name, text=card.text,
                          first=h.engine.card(deck.id, first).name, aside=leave_out is not None))
    return card_id, card


def second_chance_offer(h: Harm, k: KnightState, deck_id: str, chance: str) -> None:
    """On a card that does not kill, ignoring it is the player's own choice: shown with the command."""
    h.say(PerilChanceOffered(knight=k.name, chance=chance, deck=deck_id))


def settle(h: Harm) -> None:
    """The end of the step: each Knight still alive resolves the one Peril Check they owe — a Judicium if they fell
    to 0 Vigor or below — and a Judicium after a Mortis card that dropped them to 0. Then the step is forgotten."""
    while True:
        progressed = False
        for kid in list(dict.fromkeys([*h.judicium_due, *h.peril_due])):
            k = h.state.knights.get(kid)
            if k is None or k.dead:
                continue
            if kid in h.judicium_due and kid not in h.judged:
                judicium(h, kid)
                progressed = True
            elif kid in h.peril_due and kid not in h.checked:
                peril_check(h, kid)
                progressed = True
        if not progressed:
            break
    h.new_step()
