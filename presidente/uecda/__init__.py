"""The UECda computer Daihinmin protocol (20070) around our engine: `protocol` (tables and plays),
`server` (`presidente uecda serve`) and `client` (`presidente uecda play`)."""
