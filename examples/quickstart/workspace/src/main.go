//go:build ignore

// An example workspace file that the example calls read and write.
package main

func main() {}
