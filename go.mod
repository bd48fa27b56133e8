module github.com/toolgate/toolgate

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/hashicorp/go-multierror v1.1.1
	github.com/stretchr/testify v1.12.1
	golang.org/x/sys v0.50.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/hashicorp/errwrap v1.0.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/term v0.45.0 // indirect
)
