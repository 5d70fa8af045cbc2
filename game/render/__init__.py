"""Drawing: palette and widgets (style), pieces, the board, action cards, the HUD around the map."""
