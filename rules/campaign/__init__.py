"""The campaign between and around Expeditions: Saints and Incarnation, the Presence Game Director, Princesses,
setting Knights aside, and the campaign export format (docs/campaign.md)."""
