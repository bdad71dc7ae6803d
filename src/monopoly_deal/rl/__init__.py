"""Reinforcement-learning adapters: encodings, PettingZoo and Gymnasium environments.

The engine knows nothing of these; they drive it through ``legal_actions()``/``apply()`` and read
one seat's public information (docs/rl.md). numpy is needed (it comes with gymnasium); importing
this package registers ``MonopolyDeal-v0`` with Gymnasium when Gymnasium is installed.
"""
