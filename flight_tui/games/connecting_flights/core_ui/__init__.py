"""What the tables of both Connecting Flights modes share: the flight builder and its Hand panel,
cursor lists, the continents' colours and the owners' marks on the board."""
