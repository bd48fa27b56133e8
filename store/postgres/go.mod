module github.com/toolgate/toolgate/store/postgres

go 1.26.0

require (
	github.com/jackc/pgx/v5 v5.13.0
	github.com/toolgate/toolgate v0.0.0
)

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.41.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)

replace github.com/toolgate/toolgate => ../..
