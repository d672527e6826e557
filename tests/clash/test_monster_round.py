"""The Monster Round through the real App: /monster round, the decisions it asks, /choose (rulebook "Monster
Round" to "End of Monster Round")."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from rules.board import measures
from rules.board.geometry import Coord
from rules.clash import evasion
from rules.clash.lookups import knight_state
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table

KNIGHTS = ["Ser Sonch", "Kara", "Oriel", "Marrow"]


async def _clash(table: Table, monster: str = "abbot", level: int = 3, top: str | None = None) -> dict[str, Any]:
    for name in KNIGHTS:
        await table.ok(f'@{name.split()[-1].lower()} /knight create knight:lanternbearer name:"{name}"')
    reply = await table.ok(f"/clash start monster:{monster} level:{level} type:full")
    if top:
        await table.ok(f"/clash adjust deck:ai top:{top}")
    return reply.data


async def _answer_until_done(table: Table, reply: Any, answers: dict[str, str] | None = None) -> list[Any]:
    """Answer each decision (by kind: a default answer) until the round stops asking."""
    seen = [reply]
    answers = {"react": "go_on", "evasion_reroll": "keep", "command": "disobey", "judgement_virtue": "",
               **(answers or {})}
    while reply.pending is not None:
        kind = reply.pending["kind"]
        option = answers.get(kind) or reply.pending["options"][0]
        reply = await table.ok(f"/choose decision:{reply.pending['id']} option:{option}")
        seen.append(reply)
    return seen


def _text(replies: list[Any]) -> str:
    return "\n".join(r.text for r in replies)


async def test_boss_round_draws_the_top_ai_card(table: Table) -> None:
    """Rulebook (line 1046): Resolve each Monster Activation token individually. When you resolve an AI Activation,
    draw an AI card from the top of the AI deck."""
    await _clash(table, top="abbot_ai_censer_swing")
    reply = await table.ok("/monster round")
    replies = await _answer_until_done(table, reply)
    text = _text(replies)
    assert "draws the AI card **Censer Swing**" in text
    state = await table.state()
    assert "abbot_ai_censer_swing" in state["clash"]["ai_discard"]


async def test_signature_token_resolves_the_signature(table: Table) -> None:
    """Rulebook (line 1047): When you resolve a Signature Activation, resolve the face up Signature card.

    Rulebook (line 1055): Boss Clash: Activation tokens serve to track the number and types of Attacks performed by
    the Boss. Each time you activate a token, simply flip it over to the spent side."""
    await _clash(table, top="abbot_ai_censer_swing")
    replies = await _answer_until_done(table, await table.ok("/monster round"))
    text = _text(replies)
    assert text.index("**Censer Swing**") < text.index("Signature, **Thurible Arc**")
    state = await table.state()
    assert [t["ready"] for t in state["clash"]["boss_activations"]] == [False, False]


async def _engine_state(table: Table, top: str, level: int = 3) -> tuple[Engine, CampaignState]:
    await _clash(table, level=level)
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    clash = state.clash
    for pile in (clash.ai_deck, clash.ai_discard):
        if top in pile:
            pile.remove(top)
    for pile in clash.ai_escalation.values():
        if top in pile:
            pile.remove(top)
    clash.ai_deck.insert(0, top)
    return Engine(CATALOGUE), state


def _apply(engine: Engine, state: CampaignState, action: Any) -> Any:
    return engine.apply(state, action, engine.dice_for(state))


def _until(engine: Engine, result: Any, kind: str) -> Any:
    """Answer every decision before the first of ``kind`` with its first option; keep the events."""
    events = list(result.events)
    while result.pending is not None and result.pending.kind != kind:
        result = _apply(engine, result.state, Choose(decision=result.pending.id, options=[result.pending.options[0]]))
        events += result.events
    return result.model_copy(update={"events": events})


async def test_no_target_discards_the_ai_card_and_performs_the_routine(table: Table) -> None:
    """Rulebook (line 1058): If there is no valid Target for any of the targeting instructions, the card is
    discarded and the Monster performs its Routine instead."""
    engine, state = await _engine_state(table, "abbot_ai_relic_toss")
    abbot = state.board.monsters[0]
    hidden = sorted(measures.blindspots(state.board, abbot))[0]
    first, *others = state.board.knights
    state.board = state.board.model_copy(update={"knights": (
        first.model_copy(update={"space": hidden}),
        *[k.model_copy(update={"dead": True, "space": None}) for k in others])})
    result = _apply(engine, state, MonsterRound())
    text = "\n".join(texts(result.events))
    assert "No Knight can be the Target of Relic Toss" in text and "Routine, **Ash Fall**" in text
    assert "By hand: Ash Fall" in text
    assert "abbot_ai_relic_toss" in result.state.clash.ai_discard


async def test_out_of_reach_skips_to_after_attack(table: Table) -> None:
    """Rulebook (line 1149): If a Knight moves outside of the Attack's effective range after becoming its Target,
    but before resolving an Evasion Roll (for example, using Movement Abilities), that Attack cannot be performed,
    and the Evasion Roll, as well as any Attack effects, are not resolved."""
    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    result = _apply(engine, state, MonsterRound())
    assert result.pending is not None and result.pending.kind == "react"
    target = result.state.clash.flow.pending.resumed().targets[0]
    moved = result.state
    far = next(c for c in (Coord(7, 0), Coord(7, 11), Coord(6, 0)) if all(k.space != c for k in moved.board.knights))
    moved.board = moved.board.model_copy(update={"knights": tuple(
        k.model_copy(update={"space": far}) if k.id == target else k for k in moved.board.knights)})
    after = _apply(engine, moved, Choose(decision=result.pending.id, options=["go_on"]))
    text = "\n".join(texts(after.events))
    assert "out of reach: Out of Reach Evade" in text
    assert "Evasion dice" not in text.split("Signature")[0]


async def test_evasion_roll_counts_hits_and_asks_for_heat_rerolls(table: Table) -> None:
    """Rulebook (line 1170): An Evasion Roll is considered successful if the number on the die is equal to or
    higher than the Evasion Roll difficulty.

    Rulebook (line 1171): You may also use Heat to re-roll Evasion dice (see Heat Re-rolls, p. 14)."""
    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    first = _apply(engine, state, MonsterRound())
    state = first.state
    # 3 Evasion dice (2 and level 1's +1): Crit die 2, die 3: two hits, die 9 evades (bonus +1 vs 6+); the re-roll
    # shows 9
    state.forced_dice = [2, 3, 9, 9]
    roll = _apply(engine, state, Choose(decision=first.pending.id, options=["go_on"]))
    assert roll.pending is not None and roll.pending.kind == "evasion_reroll"
    assert roll.pending.options[:2] == ["1", "2"] and roll.pending.pick == 2
    knight = roll.state.clash.flow.pending.resumed().targets[0]
    k = knight_state(roll.state, knight)
    heat, vigor = k.stats.heat, k.stats.vigor
    again = _apply(engine, roll.state, Choose(decision=roll.pending.id, options=["2"]))
    text = "\n".join(texts(again.events))
    assert "re-rolls die 2: 3 → 9" in text
    k2 = knight_state(again.state, knight)
    # one die still hits: Censer Swing's -2 Vigor and +1 Heat, and the re-roll's +1 Heat (or a free Gear re-roll)
    free = evasion.defence(CATALOGUE, k).rerolls
    assert k2.stats.heat >= heat + 1 + (0 if free else 1) - 0
    assert k2.stats.vigor < vigor


async def test_after_attack_happens_even_after_a_full_evade(table: Table) -> None:
    """Rulebook (line 1229): Remember: After Attacks are resolved even if the Attack itself was fully evaded!"""
    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    first = _apply(engine, state, MonsterRound())
    first.state.forced_dice = [10, 10]
    done = _apply(engine, first.state, Choose(decision=first.pending.id, options=["go_on"]))
    text = "\n".join(texts(done.events))
    assert "Full Evade" in text
    assert "abbot_ai_censer_swing" in done.state.clash.ai_discard  # After Attack reached: the card is discarded


async def test_round_ends_and_the_knight_round_begins(table: Table) -> None:
    """Rulebook (line 1242): Sometimes a Monster will have an effect that triggers at the end of the Monster Round.
    In that case, it's resolved after all other actions."""
    await _clash(table, top="abbot_ai_censer_swing")
    text = _text(await _answer_until_done(table, await table.ok("/monster round")))
    assert "**Knight Round 1.**" in text
    state = await table.state()
    assert state["clash"]["flow"]["phase"] == "knight"
    again = await table("/monster round")
    assert not again.ok and "Knight Round" in again.error


async def test_start_of_round_readies_spent_tokens(table: Table) -> None:
    """Rulebook (line 1037): Flip all spent Activation tokens to their ready sides."""
    await _clash(table, top="abbot_ai_censer_swing")
    await _answer_until_done(table, await table.ok("/monster round"))
    for name in KNIGHTS:
        await table.ok(f'/knight end-turn knight:"{name}"')
    state = await table.state()
    assert state["clash"]["flow"]["phase"] == "monster" and state["clash"]["flow"]["round"] == 2
    reply = await table.ok("/monster round")
    assert "Monster Round 2" in reply.text and "Every Activation token is ready" in reply.text


async def test_react_window_waits_for_the_knights(table: Table) -> None:
    """Rulebook (line 1220): Whenever you encounter the REACT! symbol preceding an AI instruction, you may activate
    Reaction abilities immediately before you resolve that instruction."""
    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    first = _apply(engine, state, MonsterRound())
    assert first.pending is not None and first.pending.kind == "react" and first.pending.options == ["go_on"]
    assert "Evasion" not in "\n".join(texts(first.events))
    # the window is asked once: answering it goes on to the Evasion Roll
    after = _apply(engine, first.state, Choose(decision=first.pending.id, options=["go_on"]))
    assert "Evasion dice" in "\n".join(texts(after.events))
    stale = None
    try:
        _apply(engine, after.state, Choose(decision=first.pending.id, options=["go_on"]))
    except Exception as exc:  # noqa: BLE001  (RuleError)
        stale = str(exc)
    assert stale is not None and "no longer waiting" in stale or "already answered" in (stale or "")


async def test_judgement_is_a_virtue_test_without_armor(table: Table) -> None:
    """Rulebook (line 1165): The Target must resolve a test instead of an Evasion Roll. Therefore, Vigor loss caused
    by Judgements cannot be mitigated with an Armor Roll"""
    engine, state = await _engine_state(table, "abbot_ai_ember_homily", level=1)
    # level 1 starts with the AI 0 Vespers on top: put the Homily first for this test
    state.clash.ai_zero = None
    first = _until(engine, _apply(engine, state, MonsterRound()), "evasion_reroll")
    text = "\n".join(texts(first.events))
    assert "tests Sagacity 6+" in text
    if first.pending is not None and first.pending.kind == "evasion_reroll":
        first = _apply(engine, first.state, Choose(decision=first.pending.id, options=["keep"]))
        assert "fails: the Judgement hits" in "\n".join(texts(first.events))


async def test_command_disobey_suffers_the_penalty(table: Table) -> None:
    """Rulebook (line 1167): Command: This type of Attack forces the Target to perform a specific action. However,
    each Target may decide whether to obey the Command or not. Not following a Command will bear a penalty
    dependent on the specific Monster."""
    engine, state = await _engine_state(table, "abbot_ai_kneel", level=2)
    state.clash.ai_zero = None
    first = _until(engine, _apply(engine, state, MonsterRound()), "command")
    assert first.pending is not None and first.pending.kind == "command"
    assert first.pending.options == ["obey", "disobey"]
    after = _apply(engine, first.state, Choose(decision=first.pending.id, options=["disobey"]))
    assert "disobeys and suffers the penalty" in "\n".join(texts(after.events))


async def test_round_is_refused_while_a_decision_waits(table: Table) -> None:
    """Rulebook (line 1254): you cannot pause one Knight's turn in order to allow another Knight to take theirs!"""
    await _clash(table, top="abbot_ai_censer_swing")
    reply = await table.ok("/monster round")
    assert reply.pending is not None
    refused = await table("@kara /knight end-turn")
    assert not refused.ok and f"/choose decision:{reply.pending['id']}" in refused.error


async def test_only_owners_or_the_gm_answer_a_decision(table: Table) -> None:
    """Rulebook (line 1174): If you use any defensive statistics or an active ability during an Evasion Roll or
    Attack Consequences, that Weapon Gear becomes your active Weapon until the end of this Monster Attack."""
    await _clash(table, top="abbot_ai_censer_swing")
    reply = await table.ok("/monster round")
    reply = await table.ok(f"/choose decision:{reply.pending['id']} option:go_on")
    while reply.pending is not None and reply.pending["kind"] != "evasion_reroll":
        reply = await table.ok(f"/choose decision:{reply.pending['id']} option:{reply.pending['options'][0]}")
    if reply.pending is None:
        return  # the dice evaded everything: nothing to ask
    owner = reply.pending["who"][0]
    stranger = next(u for u in ("sonch", "kara", "oriel", "marrow") if u != owner)
    refused = await table(f"@{stranger} /choose decision:{reply.pending['id']} option:keep")
    assert not refused.ok and "nothing was changed" in refused.error
    await table.ok(f"@{owner} /choose decision:{reply.pending['id']} option:keep")


def test_only_one_defensive_weapon_counts() -> None:
    """Rulebook (line 1171): Remember: Only one Defensive Weapon can be active at the same time during the Evasion
    Roll, meaning you can add Evasion bonuses from only one Defensive Weapon."""
    from rules.knights.state import Board, Equipped, KnightState

    k = KnightState(id="kara", name="Kara", owner="kara", knight="lanternbearer",
                    board=Board(portrait="p", heroic_arc="h", peril_arc="a", talent="t"),
                    loadout=[Equipped(gear="gear_wooden_buckler"), Equipped(gear="gear_wooden_buckler"),
                             Equipped(gear="gear_padded_gambeson")])
    one = evasion.defence(CATALOGUE, k.model_copy(update={"loadout": k.loadout[:1] + k.loadout[2:]}))
    two = evasion.defence(CATALOGUE, k)
    assert two.bonus == one.bonus and two.weapon == "gear_wooden_buckler"
    gambeson = CATALOGUE.gear["gear_padded_gambeson"]
    buckler = CATALOGUE.gear["gear_wooden_buckler"]
    assert one.bonus == gambeson.evasion + buckler.evasion


async def _rite(table: Table, heat: int) -> str:
    engine, state = await _engine_state(table, "abbot_ai_crushing_rite")
    kara = next(k for k in state.board.knights if k.name == "Kara")
    state.clash.flow.priority_target = kara.id
    knight_state(state, kara.id).stats.heat = heat
    first = _until(engine, _apply(engine, state, MonsterRound()), "evasion_reroll")
    return "\n".join(texts(first.events))


async def test_heat_gate_adds_an_evasion_die(table: Table, tmp_path: Any) -> None:
    """Rulebook (line 1222): Some Attacks may have gates that trigger additional or stronger effects depending on a
    particular Knight statistic or other game element. This is always indicated by a special banner, showing the
    requirements that need to be met for the effect to trigger, such as "Heat 3+, +1 Evasion die". In this
    example, if your Heat was 3 or higher, you'd have to roll an additional Evasion die."""
    hot = await _rite(table, 5)
    assert "Kara rolls 5 Evasion dice (gate: Heat 5+, +1 Evasion die)" in hot


async def test_below_the_gate_no_extra_die(table: Table) -> None:
    """Rulebook (line 1223): The placement of the banner does matter."""
    cold = await _rite(table, 4)
    assert "Kara rolls 4 Evasion dice:" in cold  # the card's 3 and level 1's +1


async def test_gate_effects_join_the_attack_effects(table: Table) -> None:
    """Rulebook (line 1222): Some Attacks may have gates that trigger additional or stronger effects"""
    engine, state = await _engine_state(table, "abbot_ai_penance")
    marrow = next(k for k in state.board.knights if k.name == "Marrow")
    knight_state(state, marrow.id).stats.bane = 3
    state.forced_dice = [1, 1]
    result = _until(engine, _apply(engine, state, MonsterRound()), "evasion_reroll")
    result = _apply(engine, result.state, Choose(decision=result.pending.id, options=["keep"]))
    text = "\n".join(texts(result.events))
    assert "The gate is met: Bane 3+, Peril Check." in text


async def test_boss_moves_to_its_target_then_attacks(table: Table) -> None:
    """Rulebook (line 1119): A Monster always performs its movement and tries to move as close to the Target as
    possible, stopping when they become adjacent (unless stated otherwise)."""
    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    before = state.board.monsters[0].anchor
    first = _apply(engine, state, MonsterRound())
    target = first.state.clash.flow.pending.resumed().targets[0]
    abbot = first.state.board.monsters[0]
    assert abbot.anchor != before
    assert measures.is_adjacent(first.state.board, abbot, first.state.board.knight(target))
    first.state.forced_dice = [1, 1]
    after = _until(engine, _apply(engine, first.state, Choose(decision=first.pending.id, options=["go_on"])),
                   "never")
    k = knight_state(after.state, target)
    assert k.stats.vigor < knight_state(state, target).stats.vigor


async def test_mob_round_activates_from_the_leftmost_token(table: Table) -> None:
    """Rulebook (line 1049): Mob Clash: Resolve all Mob Activations, one at a time, starting from the leftmost
    Activation token on the Mob track."""
    await _clash(table, monster="drowned", level=1)
    reply = await table.ok("/monster round")
    replies = await _answer_until_done(table, reply)
    text = _text(replies)
    state = await table.state()
    spaces = [i + 1 for i, slot in enumerate(state["clash"]["mob_track"]) if slot is not None and slot["tokens"]]
    assert spaces, "the tokens moved along the track"
    assert text.count("draws the AI card") >= 1
    assert "The Activation token moves from Mob" in text
    assert state["clash"]["flow"]["phase"] == "knight" or state["clash"]["over"] == "defeat"


async def test_attack_response_runs_after_the_knight_attack(table: Table) -> None:
    """Rulebook (line 1383): If it does, note what kind of Attack it will be and finish up the current attack
    sequence. The new Attack will happen immediately after this one is completely resolved and will not cause a
    Chain Break."""
    from rules.clash.monster_round import run_attack_responses

    engine, state = await _engine_state(table, "abbot_ai_censer_swing")
    kara = next(k for k in state.board.knights if k.name == "Kara")
    dice = engine.dice_for(state)
    result = run_attack_responses(engine, state, dice, [{"attack": "signature", "target": kara.id}])
    text = "\n".join(texts(result.events))
    assert "Signature, **Thurible Arc**" in text and "The Target is Kara" in text


async def test_an_attack_during_a_monster_attack_is_a_chain_break(table: Table) -> None:
    """Rulebook (line 1232): If a Knight Bonus Attack or additional Monster Attack is triggered during a Monster
    Attack (for example, by a Mortis card), it causes a Chain Break, and the original Monster Attack immediately
    ends."""
    import copy

    from content.schema.monsters import Perform

    _, state = await _engine_state(table, "abbot_ai_censer_swing")
    abbot = CATALOGUE.monsters["abbot"]
    cards = [c.model_copy(update={"consequences": [*c.consequences, Perform(type="perform", attack="signature")],
                                  "after_attack": [*c.after_attack, *c.consequences[:1]]})
             if c.id == "abbot_ai_censer_swing" else c for c in abbot.ai_cards]
    catalogue = copy.copy(CATALOGUE)
    catalogue.monsters = {**CATALOGUE.monsters, "abbot": abbot.model_copy(update={"ai_cards": cards})}
    engine = Engine(catalogue)
    first = _apply(engine, state, MonsterRound())
    first.state.forced_dice = [1, 1]
    after = _until(engine, _apply(engine, first.state, Choose(decision=first.pending.id, options=["go_on"])),
                   "never")
    text = "\n".join(texts(after.events))
    assert "⛓️ Chain Break: Censer Swing ends here, without its After Attack" in text
    assert "(After Attack)" not in text.split("Chain Break")[1].split("Thurible Arc")[0]
    assert text.index("Chain Break") < text.index("(the Attack Response is against them)")


async def test_clash_status_shows_the_waiting_decision_again(table: Table) -> None:
    """Rulebook (line 1220): Whenever you encounter the REACT! symbol preceding an AI instruction, you may activate
    Reaction abilities immediately before you resolve that instruction."""
    await _clash(table, top="abbot_ai_censer_swing")
    asked = await table.ok("/monster round")
    again = await table.ok("@kara /clash status")
    assert again.pending is not None and again.pending["id"] == asked.pending["id"]
    assert again.pending["options"] == ["go_on"] and f"Waiting for {asked.pending['id']}" in again.text
