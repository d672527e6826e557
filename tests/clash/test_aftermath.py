"""Clash Aftermath (rules/clash/aftermath.py): each bullet on the pure engine, then /clash end after a victory and
after a defeat through the real App."""

from __future__ import annotations

from bot.app.history import rebuild
from bot.console.runner import CHANNEL, GUILD
from bot.narration.registry import words
from rules.board.state import BoardState
from rules.clash import aftermath as am
from rules.clash.handlers import ClashEnd, ClashStart
from rules.engine import Engine
from rules.facts import Line
from rules.knights import actions as ka
from rules.knights import expedition as ex
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights import techniques as tq
from rules.knights.state import Equipped, KnightState
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table

ENGINE = Engine(CATALOGUE)


def _clash(*knights: tuple[str, str], clash_type: str = "full", over: str | None = "victory",
           bystander: bool = False) -> CampaignState:
    """A campaign with these (content, name) Knights in a Clash against the Stag; ``bystander``: one more Knight
    created after the Clash started, so not on its board."""
    state, _ = ENGINE.new_state("Aftermath", 7)
    for content, name in knights:
        state = ENGINE.apply(state, ka.KnightCreate(content=content, name=name, owner=name.lower()),
                             ENGINE.dice_for(state)).state
    state = ENGINE.apply(state, ClashStart(monster="stag", level=1, clash_type=clash_type),  # type: ignore[arg-type]
                         ENGINE.dice_for(state)).state
    if bystander:
        state = ENGINE.apply(state, ka.KnightCreate(content="oriel", name="Oriel", owner="oriel"),
                             ENGINE.dice_for(state)).state
    assert state.clash is not None
    state.clash.over = over  # type: ignore[assignment]
    return state


def _k(state: CampaignState, kid: str) -> KnightState:
    return state.knights[kid]


def told(lines: list[Line]) -> list[str]:
    """The words the table is told of the Aftermath's steps (bot/narration/aftermath.py)."""
    return [x if isinstance(x, str) else words(x) or "" for x in lines]


def _run(state: CampaignState) -> list[str]:
    assert state.clash is not None
    return told(am.aftermath(ENGINE, state, state.clash))


def test_deaths_resurrect_with_maximum_vigor() -> None:
    """Rulebook (line 1469): - Deaths: If any Knight is dead, they are resurrected with maximum Vigor. Each
    resurrected Knight who is currently on an Investigation or Free Roaming, loses half of their Clues (rounding up).

    Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board and
    cannot be used in any way. Do not discard their Condition cards and tokens or reset their stats until instructed
    to do so (see Clash Aftermath above).
    """
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"), ("marrow", "Marrow"))
    sonch, kara, marrow = _k(state, "ser-sonch"), _k(state, "kara"), _k(state, "marrow")
    st.change_vigor(CATALOGUE, kara, -9)
    st.change_bane(CATALOGUE, kara, 9)  # over the Bane Limit: dead
    assert kara.dead and kara.stats.vigor == 3
    # Marrow fell off the board: dead on the Clash Board only
    board = state.board
    state.board = BoardState(spec=board.spec, monsters=board.monsters, terrain=board.terrain, knights=tuple(
        b.model_copy(update={"dead": True, "space": None}) if b.id == "marrow" else b for b in board.knights))
    lines = told(am.deaths(CATALOGUE, state, am.taking_part(state)))
    assert not kara.dead and kara.stats.vigor == st.max_vigor(CATALOGUE, kara) == 12
    top = st.max_vigor(CATALOGUE, marrow)
    assert not marrow.dead and marrow.stats.vigor == top and not sonch.dead
    assert lines[0] == f"✝️ Deaths: resurrected with maximum Vigor: Kara (Vigor 12), Marrow (Vigor {top})."
    clues = lines[1]
    assert clues.startswith("✋ By hand: \"Each resurrected Knight who is currently on an Investigation or Free "
                            "Roaming, loses half of their Clues (rounding up).\"") and "Kara, Marrow" in clues
    state.board = board  # the board as it was, Marrow standing
    assert told(am.deaths(CATALOGUE, state, am.taking_part(state))) == ["✝️ Deaths: no Knight died."]


def test_first_death_reminder_only_the_first_time() -> None:
    """Rulebook (line 1495): When your Knight dies for the first time, read the special First Death Event in their
    Knightbook.

    Rulebook (line 1497): Once you read the First Death Event, you will be instructed to mark the First Death box on
    your Knight Sheet. It serves as a reminder for your later deaths, so that you don't have to read the Special
    Event again.
    """
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"))
    sonch, kara = _k(state, "ser-sonch"), _k(state, "kara")
    sonch.sheet.first_death = True
    sonch.dead = kara.dead = True
    lines = _run(state)
    kara_line = next(x for x in lines if "Kara died for the first time" in x)
    assert "✋ By hand: \"When your Knight dies for the first time, read the special First Death Event in their " \
           "Knightbook.\"" in kara_line and '`/knight mark what:first_death knight:"Kara"`' in kara_line
    assert any("9999 in the Kingdom Mysteries Section" in x for x in lines)
    assert any("Ser Sonch's First Death box is already marked" in x for x in lines)
    assert not any("Ser Sonch died for the first time" in x for x in lines)
    assert not kara.sheet.first_death  # the Event tells the players to mark it: they do, with the command
    # nobody died: no reminder at all
    again = _clash(("ashgrove", "Kara"))
    assert not any("First Death" in x for x in _run(again))


def test_stat_reset() -> None:
    """Rulebook (line 1470): - Stat Reset: All Knights reset their Passion, Heat, Vigor, and their limits on tracks
    to their starting values.

    Rulebook (line 406): Whenever you reset a statistic, you should return it to its default value—Passion and Heat
    back to 0, while Vigor to its maximum value denoted on the Peril Arc. All limits return to their starting values.
    """
    state = _clash(("lanternbearer", "Ser Sonch"))
    k = _k(state, "ser-sonch")
    st.change_passion(CATALOGUE, k, 5)
    st.change_vigor(CATALOGUE, k, -8)
    st.change_heat(CATALOGUE, k, 2)
    st.change_heat_limit(CATALOGUE, k, 1)
    st.change_max_vigor(CATALOGUE, k, -1)
    assert (k.stats.passion, k.stats.vigor, k.stats.heat) == (5, 4, 2)
    line = told(am.stat_reset(CATALOGUE, [k]))
    assert (k.stats.passion, k.stats.heat, k.stats.vigor) == (0, 0, 12)
    assert k.stats.heat_limit_change == k.stats.max_vigor_change == 0 and st.heat_limit(CATALOGUE, k) == 3
    assert line == ["🔄 Stat Reset: Passion 0, Heat 0, Vigor to its maximum, limits to their starting values — "
                    "Ser Sonch Vigor 12, Heat Limit 3."]


def test_techniques_return() -> None:
    """Rulebook (line 1471): - Techniques: Return all Technique cards from your Cooldown, Delay, and Discard areas to
    your hand.
    """
    state = _clash(("lanternbearer", "Ser Sonch"))
    k = _k(state, "ser-sonch")
    tq.move(k, "lanternbearer_t_kindle", "cooldown")
    tq.move(k, "lanternbearer_t_ward", "delay")
    tq.move(k, "lanternbearer_t_psalm", "discard")
    line = told(am.techniques([k]))
    assert set(k.board.techniques.values()) == {"hand"}
    assert "Ser Sonch: lanternbearer_t_kindle, lanternbearer_t_ward, lanternbearer_t_psalm" in line[0]


def test_conditions_discarded() -> None:
    """Rulebook (line 1472): - Conditions: All Knights discard their Condition cards and Condition tokens.

    Rulebook (line 1515): All Conditions are discarded during Clash Aftermath.
    """
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"))
    ex.condition(_k(state, "kara"), "Opened Vein", "gain")
    ex.condition(_k(state, "kara"), "Shaken", "gain")
    line = told(am.conditions(list(state.knights.values())))
    assert _k(state, "kara").stats.conditions == [] and _k(state, "ser-sonch").stats.conditions == []
    assert line == ["🩹 Conditions: Condition cards and their tokens discarded (Kara: Opened Vein, Shaken)."]


def test_bane_discards_two() -> None:
    """Rulebook (line 1473): - Bane: Each Knight discards 2 Bane tokens.

    Rulebook (line 1518): After each Clash, in the Aftermath, you lose 2 Bane tokens, which means that Bane can
    persist from Expedition to Expedition.
    """
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"))
    sonch, kara = _k(state, "ser-sonch"), _k(state, "kara")
    st.change_bane(CATALOGUE, sonch, 3)
    st.change_bane(CATALOGUE, kara, 1)
    assert told(am.bane(CATALOGUE, [sonch, kara])) == ["🜏 Bane: each Knight discards 2 Bane tokens — Ser Sonch 3 → 1, "
                                                       "Kara 1 → 0."]
    assert (sonch.stats.bane, kara.stats.bane) == (1, 0)


def test_other_tokens() -> None:
    """Rulebook (line 1474): - Other tokens: Discard all Generic tokens, Modifier tokens, and Knight tokens.

    Rulebook (line 1530): All Modifier tokens are discarded at the end of Clash.
    """
    state = _clash(("lanternbearer", "Ser Sonch"))
    k = _k(state, "ser-sonch")
    ex.modifier(k, "precision", -2)
    ex.modifier(k, "speed", 1)
    k.board.resources["ember_token"] = 2
    assert state.clash is not None
    state.clash.flow.pool = {"opening": 2, "fire": 1}
    lines = told(am.other_tokens([k], state.clash))
    assert k.stats.modifiers == {} and k.board.resources == {"ember_token": 2}  # Resource tokens stay
    assert "Ser Sonch: Precision -2, Speed +1" in lines[0] and "1 Fire, 2 Opening" in lines[0]
    assert lines[1].startswith("✋ By hand: \"Other tokens: Discard all Generic tokens")


def test_gear_unexhausted_regained_and_charged() -> None:
    """Rulebook (line 1475): - Gear: Unexhaust all your Gear cards. Regain all Discarded Gear cards except Consumable
    cards. Note: Discarded Consumable cards remain discarded until the end of the expedition, after which they will
    be added to the Merchant deck (see Consumable Gear, p. 20). All Gear cards, except Consumable cards, regain all
    Charges.
    """
    state = _clash(("ashgrove", "Kara"))
    k = _k(state, "kara")
    k.loadout.append(Equipped(gear="gear_weirwater_censer", charges=0))  # a Support card with 3 Charges
    lo.gear_action(CATALOGUE, k, "gear_hunting_bow", "exhaust")
    lo.gear_action(CATALOGUE, k, "gear_padded_gambeson", "discard")
    lo.gear_action(CATALOGUE, k, "gear_tinderbox", "charge")  # a Consumable: 2 Charges, one spent
    lo.gear_action(CATALOGUE, k, "gear_tinderbox", "discard")
    lines = told(am.gear(CATALOGUE, [k]))
    item = {e.gear: e for e in k.loadout}
    assert not any(e.exhausted for e in k.loadout)
    assert not item["gear_padded_gambeson"].discarded and item["gear_weirwater_censer"].charges == 3
    assert item["gear_tinderbox"].discarded and item["gear_tinderbox"].charges == 1  # a Consumable keeps both
    assert "unexhausted: Hunting Bow" in lines[0] and "regained: Padded Gambeson" in lines[0]
    assert "until the end of the Expedition: Tinderbox" in lines[0]


def test_victorious_and_forlorn_search_are_by_hand() -> None:
    """Rulebook (line 1476): - Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3 (see
    Scavenge X, p. 86).

    Rulebook (line 1477): - Forlorn Search: If you lost the Clash, perform Scavenge 3 (see Scavenge X, p. 86).

    Rulebook (line 2083): - Clash Scavenge X: Add X Exhibition or Full Clash Loot cards to the Loot deck depending on
    the last Clash you've resolved.
    """
    assert not any("loot" in d or "scavenge" in d for d in CATALOGUE.decks)  # the starter pack has no Loot cards
    won = told(am.search(CATALOGUE, _clash(("ashgrove", "Kara"), over="victory").clash))  # type: ignore[arg-type]
    assert won[0].startswith("🎁 ✋ By hand: \"Victorious Search:")
    assert "add 1 Full Clash Loot card and 3 Loot cards" in won[0] and "Scavenge deck on the table" in won[0]
    show = told(am.search(CATALOGUE, _clash(("ashgrove", "Kara"), clash_type="exhibition").clash))  # type: ignore[arg-type]
    assert "add 1 Exhibition Clash Loot card" in show[0]
    lost = told(am.search(CATALOGUE, _clash(("ashgrove", "Kara"), over="defeat").clash))  # type: ignore[arg-type]
    assert lost[0].startswith("🎁 ✋ By hand: \"Forlorn Search:") and "add 3 Loot cards" in lost[0]
    assert "Clash Loot" not in lost[0]


def test_every_bullet_in_order_for_the_knights_of_the_clash_only() -> None:
    """Rulebook (line 1478): Afterward, if one of you is on a Quest, proceed to the indicated paragraph. If none of
    you are, if it was an Exhibition Clash, proceed to a Rest Phase. If it was a Full Clash, proceed to the Spoils
    Phase.
    """
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"), bystander=True)
    oriel = _k(state, "oriel")
    st.change_passion(CATALOGUE, oriel, 3)  # Oriel was not in the Clash: nothing happens to them
    st.change_bane(CATALOGUE, oriel, 3)
    _k(state, "kara").sheet.sigh_of_the_graal = True
    lines = _run(state)
    assert lines[0] == "🌒 Clash Aftermath (the Knights won) for Ser Sonch, Kara:"
    marks = ["✝️ Deaths", "🔄 Stat Reset", "🃏 Techniques", "🩹 Conditions", "🜏 Bane", "🪙 Other tokens", "⚙️ Gear",
             "🎁 ✋ By hand: \"Victorious Search", "➡️ Afterward", "🌬️"]
    at = [next(i for i, x in enumerate(lines) if x.startswith(m)) for m in marks]
    assert at == sorted(at)
    assert "full Clash leads to the Spoils Phase" in lines[at[-2]]
    assert '`/clash sigh knight:"Kara"`' in lines[-1]
    assert (oriel.stats.passion, oriel.stats.bane) == (3, 3)


async def _over(table: Table, over: str) -> None:
    """No command deals Wounds yet: set ``clash.over`` in the campaign's head state directly (test only)."""
    db = table.app.db
    row = await db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    state = CampaignState.model_validate_json(row.state_json)
    assert state.clash is not None
    state.clash.over = over  # type: ignore[assignment]
    await db.conn.execute("UPDATE campaigns SET state_json=? WHERE id=?", (state.model_dump_json(), row.id))
    await db.conn.commit()


async def _party(table: Table) -> None:
    await table.ok('/knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /knight create knight:ashgrove name:Kara")


async def test_clash_end_after_a_victory_runs_the_aftermath(table: Table) -> None:
    """Rulebook (line 1467): Clash Aftermath

    Rulebook (line 1468): Typically, after every Clash, the game will lead you to a Clash Aftermath, described in
    the Clash Setup, in the Kingdom Codex.
    """
    await _party(table)
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:4')
    await table.ok('/clash adjust knight:"Ser Sonch" stat:passion value:6')
    await table.ok('/clash adjust knight:"Ser Sonch" stat:bane value:3')
    await table.ok("@kara /knight condition action:gain card:condition_opened_vein")
    await table.ok("@kara /knight stat stat:precision change:-1")
    await table.ok("@kara /knight gear action:exhaust gear:gear_hunting_bow")
    await table.ok("@kara /knight technique action:cooldown technique:ashgrove_t_snare")
    await _over(table, "victory")
    assert "Resolve End of Clash effects" in (await table.ok("/clash status")).text
    reply = await table.ok("/clash end")
    assert reply.data["over"] == "victory" and "the Knights' victory" in reply.text
    steps = reply.data["aftermath"]
    assert steps[0] == "🌒 Clash Aftermath (the Knights won) for Ser Sonch, Kara:"
    assert any("Victorious Search" in s and "1 Exhibition Clash Loot card" in s for s in steps)
    assert any("exhibition Clash leads to a Rest Phase" in s for s in steps)
    assert reply.text.endswith("The Clash Board is cleared.")
    state = CampaignState.model_validate(await table.state())
    sonch, kara = state.knights["ser-sonch"], state.knights["kara"]
    assert (sonch.stats.vigor, sonch.stats.passion, sonch.stats.bane) == (12, 0, 1)
    assert kara.stats.conditions == [] and kara.stats.modifiers == {}
    assert not any(e.exhausted for e in kara.loadout) and set(kara.board.techniques.values()) == {"hand"}
    assert state.clash is None and state.board == BoardState()
    assert [k["name"] for k in reply.data["knights"]] == ["Ser Sonch", "Kara"]


async def test_clash_end_after_a_defeat_runs_the_aftermath(table: Table) -> None:
    """Rulebook (line 1023): The Clash immediately ends with the Knights' Defeat as soon as all Knights die.

    Rulebook (line 1481): When your Knight dies for the first time, make sure to note it on their Knight Sheet and
    resolve the First Death Event (see p. 64).
    """
    await _party(table)
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok('/clash adjust knight:"Ser Sonch" stat:bane value:30')  # over the Bane Limit: dead
    assert (await table("/clash adjust knight:Kara stat:vigor value:2")).ok
    await table.ok("/clash adjust knight:Kara stat:bane value:30")
    reply = await table.ok("/clash end")
    assert reply.data["over"] == "defeat" and reply.data["clash"]["over"] == "defeat"
    assert "the Knights' defeat" in reply.text
    steps = reply.data["aftermath"]
    assert "✝️ Deaths: resurrected with maximum Vigor: Ser Sonch (Vigor 12), Kara (Vigor 12)." in steps
    assert sum("died for the first time" in s for s in steps) == 2
    assert any(s.startswith("🎁 ✋ By hand: \"Forlorn Search") for s in steps)
    state = await table.state()
    assert [(k["dead"], k["stats"]["vigor"]) for k in state["knights"].values()] == [(False, 12), (False, 12)]
    # the log rebuilds the very same state
    row = await table.app.db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    assert (await rebuild(table.app.db, table.app.engine, row.id)).model_dump_json() == row.state_json


async def test_clash_end_of_a_clash_not_over_just_ends(table: Table) -> None:
    """Rulebook (line 1216): The effects of Massive Peril Checks can stack. Remember to discard any additional cards
    from the Judicium deck after each Clash.
    """
    await _party(table)
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok("/clash adjust knight:Kara stat:bane value:30")  # one of two Knights dead: not a defeat
    await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:5')
    reply = await table.ok("/clash end")
    assert reply.data["over"] is None and reply.data["aftermath"] == [] and reply.data["knights"] == []
    assert "it just ends, without Clash Aftermath" in reply.text
    state = await table.state()
    assert state["knights"]["kara"]["dead"] and state["knights"]["ser-sonch"]["stats"]["vigor"] == 5


def test_end_on_the_engine_matches_the_rulebook_order() -> None:
    """Rulebook (line 1501): - End of Clash: Resolve this effect when the Clash ends (regardless of the outcome),
    before you proceed to Clash Aftermath.
    """
    state = _clash(("ashgrove", "Kara"), over="victory")
    result = ENGINE.apply(state, ClashEnd(), ENGINE.dice_for(state))
    kinds = [e.kind for e in result.events]
    assert kinds[0] == "clash_end" and kinds[-1] == "clash_end" and set(kinds[1:-1]) == {"aftermath"}
    assert result.state.clash is None and result.data["over"] == "victory"
