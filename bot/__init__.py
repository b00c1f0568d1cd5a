"""The bot process: config, storage, the session service, texts and shared Discord UI.

It never names a particular game: engines come from ``games.core.registry``
and each game's Discord side from its cog under ``cogs/``.
"""
