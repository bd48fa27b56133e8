module github.com/toolgate/toolgate

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/coder/websocket v1.8.15
	github.com/stretchr/testify v1.12.1
	golang.org/x/sys v0.50.0
	golang.org/x/time v0.16.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/term v0.45.0 // indirect
)
