"""Pieces of the app that pages share: search hits, the editions panel, the provision view."""
