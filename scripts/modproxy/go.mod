module github.com/coworktop/coworktop/scripts/modproxy

go 1.26.7

require golang.org/x/mod v0.42.0
