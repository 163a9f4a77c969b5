// The media server module; see README.
