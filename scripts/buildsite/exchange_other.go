//go:build !linux

package main

import "errors"

func exchange(a, b string) error { return errors.ErrUnsupported }
