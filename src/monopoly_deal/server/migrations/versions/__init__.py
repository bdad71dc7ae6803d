"""The revisions, oldest first: each changes what is stored, with an upgrade test."""
