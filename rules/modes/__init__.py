"""The optional rules a group may play by: "True Solo Mode" and "Five-Player Mode" (docs/modes.md).

``CampaignState.mode`` says which one (`/campaign mode`); each rule is applied by the module owning the moment it
happens, which asks ``true_solo`` or ``five_player`` here."""
