"""The arbiter's web app (``swisschess serve``): see :mod:`swisschess.web.app`."""
