"""Monopoly Deal in the terminal: a Textual app for humans and bots at one keyboard.

``mdeal play`` starts :class:`~monopoly_deal.tui.app.PlayApp` on a
:class:`~monopoly_deal.tui.session.Session` (the game, its seats and its
narration, with no user interface); ``mdeal replay FILE --tui`` starts
:class:`~monopoly_deal.tui.replay.ReplayApp`.
"""
