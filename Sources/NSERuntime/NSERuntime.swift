// The extension host: see README.
