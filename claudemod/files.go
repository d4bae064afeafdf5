package claudemod

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// files is the mod as it ships: a directory marketplace ("coworktop")
// holding one plugin ("coworktop"). The folder's tests run with
// `claude plugin test claudemod/files/coworktop`.
//
//go:embed files/.claude-plugin/marketplace.json files/coworktop/.claude-plugin/plugin.json files/coworktop/hooks/hooks.json files/coworktop/hooks/register.ts files/coworktop/README.md
var files embed.FS

// Names Claude Code knows the mod by.
const (
	Marketplace = "coworktop"
	Plugin      = "coworktop"
	// PluginID is the plugin as `claude plugin` names it.
	PluginID = Plugin + "@" + Marketplace
	// PathsName is the file in the plugin's folder that tells the mod where
	// coworktop's warning file is and where to write the rate limits.
	PathsName = "paths.json"
)

// Paths are where the mod lives and what it reads and writes.
type Paths struct {
	// Market is the marketplace folder coworktop writes and Claude Code
	// reads the plugin from (in coworktop's own data folder).
	Market string
	// Warning is the file coworktop's long-running modes keep current and
	// the mod shows; Limits the file the mod writes the rate limits to.
	Warning, Limits string
}

// PluginDir is the plugin's folder inside the marketplace folder.
func (p Paths) PluginDir() string { return filepath.Join(p.Market, Plugin) }

// Version is the mod's version as its manifest says.
func Version() string {
	data, _ := files.ReadFile("files/coworktop/.claude-plugin/plugin.json")
	return versionOf(data)
}

// versionOf is a plugin.json's version.
func versionOf(data []byte) string {
	var m struct {
		Version string `json:"version"`
	}
	_ = json.Unmarshal(data, &m)
	return m.Version
}

// writeMarketplace writes the mod's files into p.Market afresh (what was
// there is coworktop's own, from an earlier install), with paths.json.
func writeMarketplace(p Paths) error {
	if p.Market == "" || p.Warning == "" || p.Limits == "" {
		return fmt.Errorf("no folder for the mod: this OS gives coworktop no config or cache folder")
	}
	if err := os.RemoveAll(p.Market); err != nil {
		return fmt.Errorf("mod folder: %w", err)
	}
	err := fs.WalkDir(files, "files", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := files.ReadFile(name)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(p.Market, filepath.FromSlash(name[len("files/"):])), data)
	})
	if err != nil {
		return fmt.Errorf("writing the mod: %w", err)
	}
	paths, err := json.MarshalIndent(map[string]string{"warning": p.Warning, "limits": p.Limits}, "", "  ")
	if err != nil {
		return fmt.Errorf("writing the mod: %w", err)
	}
	if err := writeFile(filepath.Join(p.PluginDir(), PathsName), append(paths, '\n')); err != nil {
		return fmt.Errorf("writing the mod: %w", err)
	}
	return nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}
