"""The player screen: the second window for a TV or projector (`desktop.player.screen`)."""
