package config

import (
	"errors"
	"strings"
)

// EnvVar names a config file to use instead of the usual place.
const EnvVar = "COWORKTOP_CONFIG"

// FileName is the config file's name in its folder.
const FileName = "config.toml"

// Env is what Path reads of the process: the OS (runtime.GOOS), the
// environment and the home folder. Tests pass their own.
type Env struct {
	GOOS   string
	Getenv func(string) string
	Home   string // os.UserHomeDir; "" when unknown
}

// Path is where the config file lives on env's OS:
//
//	$COWORKTOP_CONFIG                                  when set, on every OS
//	$XDG_CONFIG_HOME/coworktop/config.toml             Linux and other Unix
//	~/.config/coworktop/config.toml                    (XDG_CONFIG_HOME unset)
//	~/Library/Application Support/coworktop/config.toml macOS
//	%APPDATA%\coworktop\config.toml                    Windows
func Path(env Env) (string, error) {
	if p := env.Getenv(EnvVar); p != "" {
		return p, nil
	}
	switch env.GOOS {
	case "windows":
		dir := env.Getenv("APPDATA")
		if dir == "" {
			return "", errors.New("config: %APPDATA% is not set")
		}
		return join(`\`, dir, "coworktop", FileName), nil
	case "darwin", "ios":
		if env.Home == "" {
			return "", errors.New("config: no home folder")
		}
		return join("/", env.Home, "Library", "Application Support", "coworktop", FileName), nil
	}
	// XDG: a relative XDG_CONFIG_HOME is to be ignored.
	if dir := env.Getenv("XDG_CONFIG_HOME"); strings.HasPrefix(dir, "/") {
		return join("/", dir, "coworktop", FileName), nil
	}
	if env.Home == "" {
		return "", errors.New("config: no home folder and XDG_CONFIG_HOME is not set")
	}
	return join("/", env.Home, ".config", "coworktop", FileName), nil
}

// join joins with the target OS's separator (the tests ask for Windows
// paths on Linux, where filepath.Join would use '/').
func join(sep string, first string, rest ...string) string {
	out := strings.TrimRight(first, `/\`)
	for _, r := range rest {
		out += sep + r
	}
	return out
}
