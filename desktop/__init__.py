"""FiveFoot's desktop app (PySide6): draws what `rules` computes and turns gestures into commands."""
