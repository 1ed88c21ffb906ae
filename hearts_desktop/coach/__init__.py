"""The coach: a review of a player's hand, decision by decision, from what they could see.

``review`` judges single decisions with the Expert's search run as an analysis; ``game``
walks a saved game's actions and reviews one seat's decisions in a hand; ``reasons`` says
in one sentence why the better choice was better. Like the bots it reads only a player's
view, so a review is fair: nothing the player could not know enters a judgement.
"""
