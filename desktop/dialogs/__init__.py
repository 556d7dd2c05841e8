"""Dialogs: new scene, quick token form, scene settings."""
