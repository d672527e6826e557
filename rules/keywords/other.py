"""Keywords of the Knight's state, the Technique cards, the Clash Phase, the Delve, the Spoils and the Saints. One
declaration per keyword, with its contexts (rules/keywords/model.py)."""

from __future__ import annotations

from rules.keywords.model import (
    CLASH,
    DELVE,
    ENCOUNTER,
    KNIGHT,
    KNIGHT_ATTACK,
    SAINTS,
    SPOILS,
    TECHNIQUES,
    auto,
    by_hand,
    keyword,
    never,
    untested,
)

KEYWORDS_ATTACK_T = "tests/clash/test_keywords_attack.py::"
KEYWORD_CONDITIONS_T = "tests/knights/test_keyword_conditions.py::"
HAND_KEYWORDS_T = "tests/knights/test_hand_keywords.py::"
SAINTS_T = "tests/campaign/test_saints.py::"
ESCALATION_T = "tests/clash/test_escalation.py::"
WOUND_STACK_T = "tests/clash/test_wound_stack.py::"
MOB_T = "tests/clash/test_mob.py::"
KEYWORDS_DEFENSE_T = "tests/clash/test_keywords_defense.py::"
MONSTER_TOKENS_T = "tests/delve/test_monster_tokens.py::"
REST_T = "tests/delve/test_rest.py::"
SCAVENGE_CARDS_T = "tests/delve/test_scavenge_cards.py::"
SPOILS_T = "tests/spoils/test_spoils.py::"
AFTERMATH_T = "tests/clash/test_aftermath.py::"
FOG_T = "tests/delve/test_fog.py::"

keyword("Ammo Reserves X",
    untested(CLASH,
             "rules.clash.ammo_reserves.charges",
             KEYWORDS_ATTACK_T + "test_ammo_reserves_adds_charges_per_empty_weapon_or_support_slot"),
    never(KNIGHT_ATTACK, "Charges given when the Clash starts, not during an Attack"),
    never(ENCOUNTER, "Charges given when a Clash starts, not during an Attack"),
)

keyword("Bane X",
    untested(KNIGHT,
             "rules.knights.statistics.change_bane",
             KEYWORD_CONDITIONS_T + "test_bane_x_gains_x_bane_tokens_from_a_card",
             KEYWORD_CONDITIONS_T + "test_bane_x_over_the_limit_kills"),
)

keyword("Bane Limit X/+X",
    untested(KNIGHT,
             "rules.knights.statistics.bane_limit",
             KEYWORD_CONDITIONS_T + "test_bane_limit_x_does_not_stack_and_plus_x_bonuses_add_up",
             KEYWORD_CONDITIONS_T + "test_bane_limit_from_the_loadout_decides_death"),
)

keyword("Choke X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.choke, rules.knights.statistics.choke_floor",
             KEYWORD_CONDITIONS_T + "test_choke_sets_the_choke_limit_and_raises_heat",
             KEYWORD_CONDITIONS_T + "test_heat_never_goes_below_the_choke_limit",
             KEYWORD_CONDITIONS_T + "test_choke_again_raises_the_choke_limit_by_x"),
)

keyword("Cooldown",
    untested(TECHNIQUES,
             "rules.knights.techniques.cooldown",
             HAND_KEYWORDS_T + "test_cooldown_places_one_random_hand_card_into_the_cooldown_area",
             HAND_KEYWORDS_T + "test_an_empty_hand_or_one_card_needs_no_roll"),
)

keyword("Delay",
    untested(TECHNIQUES,
             "rules.knights.techniques.delay",
             HAND_KEYWORDS_T + "test_delay_places_one_random_hand_card_into_the_delay_area"),
)

keyword("Deploy X",
    untested(CLASH,
             "rules.clash.deploy.offer",
             KEYWORDS_ATTACK_T + "test_deploy_offers_a_move_at_clash_setup"),
)

keyword("Devote",
    untested(SAINTS,
             "rules.campaign.saints.devote",
             SAINTS_T + "test_devotion_moves_onto_the_saint_card"),
)

keyword("Devote to X",
    untested(SAINTS,
             "rules.campaign.saints.devote",
             SAINTS_T + "test_devote_to_a_new_saint_unlocks_it",
             SAINTS_T + "test_devotion_moves_onto_the_saint_card"),
)

keyword("Discard",
    untested(TECHNIQUES,
             "rules.knights.techniques.discard",
             HAND_KEYWORDS_T + "test_discard_places_one_random_hand_card_into_the_discard_area"),
)

keyword("Escalate X",
    untested(CLASH,
             "rules.clash.escalation.escalate",
             ESCALATION_T + "test_escalate_x_escalates_the_lowest_ai_then_the_lowest_bp"),
)

keyword("Fleisch X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.fleisch",
             KEYWORD_CONDITIONS_T + "test_fleisch_goes_to_the_knight_pool_and_stays"),
    untested(KNIGHT_ATTACK, "rules.knights.keyword_effects.second_window"),
    untested(ENCOUNTER, "rules.knights.keyword_effects.second_window"),
)

keyword("Fortify X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.fortify, rules.knights.statistics.additional_first",
             KEYWORD_CONDITIONS_T + "test_fortify_below_maximum_gains_vigor",
             KEYWORD_CONDITIONS_T + "test_fortify_at_maximum_gives_additional_vigor_lost_first",
             KEYWORD_CONDITIONS_T + "test_a_loss_beyond_the_additional_vigor_reaches_vigor"),
)

keyword("Heal X",
    untested(CLASH,
             "rules.clash.wound_stack.heal",
             WOUND_STACK_T + "test_heal_removes_the_top_boss_wound_from_the_clash",
             MOB_T + "test_heal_returns_the_top_mob_to_the_track_or_discards_it"),
)

keyword("Immune to X",
    untested(KNIGHT,
             "rules.knights.conditions.immunities",
             KEYWORDS_DEFENSE_T + "test_immune_to_bane_gains_no_bane",
             KEYWORDS_DEFENSE_T + "test_immune_to_body_conditions_gains_no_body_condition"),
)

keyword("Immune to Bane",
    untested(KNIGHT,
             "rules.knights.statistics.change_bane",
             KEYWORDS_DEFENSE_T + "test_immune_to_bane_gains_no_bane",
             note="no Bane is gained; Bane tokens held from before are still counted (e.g. by Targeting)"),
)

keyword("Immune to Body Condition cards",
    untested(KNIGHT,
             "rules.knights.conditions.immune_to",
             KEYWORDS_DEFENSE_T + "test_immune_to_body_conditions_gains_no_body_condition"),
)

keyword("Immune to Mind Condition cards",
    untested(KNIGHT,
             "rules.knights.conditions.immune_to",
             KEYWORDS_DEFENSE_T + "test_immune_to_mind_conditions_and_fear"),
)

keyword("Immune to Fear",
    untested(KNIGHT,
             "rules.knights.conditions.immune_to",
             KEYWORDS_DEFENSE_T + "test_immune_to_mind_conditions_and_fear"),
)

keyword("Parasitize X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.parasitize",
             KEYWORD_CONDITIONS_T + "test_parasitize_gains_panzer_parasite_and_places_tokens"),
)

keyword("Poison X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.poison",
             KEYWORD_CONDITIONS_T + "test_poison_gains_poisoned_once_and_stacks_tokens",
             KEYWORD_CONDITIONS_T + "test_poisoned_loses_vigor_per_three_counted_tokens_at_the_end_of_the_turn"),
)

keyword("Toxify X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.toxify",
             KEYWORD_CONDITIONS_T + "test_toxify_flips_poisoned_and_keeps_its_tokens",
             KEYWORD_CONDITIONS_T + "test_toxify_without_poison_gains_toxified"),
)

keyword("Poison Resilience X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.poison_counted",
             KEYWORD_CONDITIONS_T + "test_poison_resilience_ignores_poison_tokens"),
)

keyword("Refresh X",
    untested(TECHNIQUES,
             "rules.knights.techniques.refresh_x",
             HAND_KEYWORDS_T + "test_refresh_x_from_the_delay_area_to_the_cooldown_area",
             HAND_KEYWORDS_T + "test_refresh_x_from_the_cooldown_area_to_the_hand",
             HAND_KEYWORDS_T + "test_refresh_x_is_one_area_or_the_other_never_both",
             HAND_KEYWORDS_T + "test_a_refresh_ability_moves_cards_when_there_is_nothing_to_choose"),
)

keyword("Restrain",
    untested(TECHNIQUES,
             "rules.knights.techniques.restrain",
             HAND_KEYWORDS_T + "test_restrain_delays_every_card_of_the_cooldown_area"),
)

keyword("Rotation X",
    auto(DELVE,
         "rules.delve.monsters.rotate",
         MONSTER_TOKENS_T + "test_rotation_moves_every_wheel_token_clockwise",
         REST_T + "test_rest_discards_resources_lists_rest_techniques_and_shows_rotation_2",
         note="Rotation 2 of the Rest Phase and Rotation 1 after an Encounter triggered by a token "
             "move the tokens the bot holds on the District Wheel"),
)

keyword("Scavenge X",
    untested(DELVE,
             "rules.delve.exploration._scavenge",
             SCAVENGE_CARDS_T + "test_a_typed_scavenge_adds_loot_and_an_untyped_one_names_the_command"),
    auto(SPOILS,
         "rules.expedition.spoils_loot.scavenge",
         SPOILS_T + "test_scavenge_adds_cards_until_the_deck_runs_out",
         SPOILS_T + "test_clash_scavenge_needs_a_clash"),
)

keyword("Kingdom Scavenge X",
    auto(SPOILS,
         "rules.expedition.spoils_loot.scavenge",
         SPOILS_T + "test_scavenge_adds_cards_until_the_deck_runs_out"),
)

keyword("Upgrade Scavenge X",
    untested(SPOILS,
             "rules.expedition.spoils_loot.scavenge",
             SPOILS_T + "test_scavenge_adds_cards_until_the_deck_runs_out"),
)

keyword("Consumable Scavenge X",
    untested(SPOILS,
             "rules.expedition.spoils_loot.scavenge",
             SPOILS_T + "test_scavenge_adds_cards_until_the_deck_runs_out"),
)

keyword("Clash Scavenge X",
    by_hand(SPOILS,
            AFTERMATH_T + "test_victorious_and_forlorn_search_are_by_hand",
            shown_by="rules.clash.aftermath.search",
            note="the Victorious and Forlorn Searches of Clash Aftermath: the packs have no Loot deck, so the "
            "bot says exactly which Loot cards to add by hand"),
)

keyword("Suppress",
    untested(CLASH,
             "rules.clash.decks.suppress"),
)

keyword("BP Suppress",
    untested(CLASH,
             "rules.clash.decks.bp_suppress"),
)

keyword("AI Suppress",
    untested(CLASH,
             "rules.clash.decks.ai_suppress"),
)

keyword("Trailmake X",
    auto(DELVE,
         "rules.delve.fog_handlers._ask_trailmake",
         FOG_T + "test_trailmake_puts_the_chosen_card_at_the_bottom"),
)

keyword("Wander",
    auto(DELVE,
         "rules.delve.fog_handlers._wander",
         FOG_T + "test_wander_discards_the_drawn_card_and_draws_another_in_its_place"),
)

keyword("Zeal X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.zeal",
             KEYWORD_CONDITIONS_T + "test_zeal_places_tokens_on_the_knight_board"),
    untested(KNIGHT_ATTACK, "rules.knights.keyword_effects.second_window"),
    untested(ENCOUNTER, "rules.knights.keyword_effects.second_window"),
)

keyword("Zeal Threshold X",
    untested(KNIGHT,
             "rules.knights.keyword_effects.zeal",
             KEYWORD_CONDITIONS_T + "test_zeal_over_the_threshold_goes_to_the_knight_pool"),
)
