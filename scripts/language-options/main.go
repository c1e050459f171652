// The language hosts built here come from github.com/pulumi/pulumi/sdk/v3 at an older version
// (the module proxy refuses the separate host modules; scripts/setup-languages.sh). They read a
// project's `runtime.options` only as command-line flags, which the pinned CLI no longer passes:
// it sends them in each request instead. This launcher stands in the CLI's bin folder under the
// host's name (pulumi-language-go, …), reads `runtime.options` of the project the CLI started it
// in (its working directory) and execs the real host (../hosts/<its own name>) with them as the
// flags that host reads, before the CLI's own arguments:
//
//	go:     binary, buildTarget
//	python: virtualenv
//	nodejs: typescript, tsconfig, nodeargs
//
// Other options, and projects without options, pass through untouched.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"gopkg.in/yaml.v3"
)

// The options each host reads as flags, by the language part of its name.
var flagOptions = map[string][]string{
	"go":     {"binary", "buildTarget"},
	"python": {"virtualenv"},
	"nodejs": {"typescript", "tsconfig", "nodeargs"},
}

type project struct {
	Runtime yaml.Node `yaml:"runtime"`
}

// runtimeOptions reads `runtime.options` from Pulumi.yaml (or Pulumi.yml) in dir; none when the
// project has none, its runtime is a plain name, or no project file is there.
func runtimeOptions(dir string) (map[string]any, error) {
	for _, name := range []string{"Pulumi.yaml", "Pulumi.yml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var p project
		if err := yaml.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if p.Runtime.Kind != yaml.MappingNode {
			return nil, nil
		}
		var runtime struct {
			Options map[string]any `yaml:"options"`
		}
		if err := p.Runtime.Decode(&runtime); err != nil {
			return nil, fmt.Errorf("%s: runtime: %w", name, err)
		}
		return runtime.Options, nil
	}
	return nil, nil
}

// hostFlags turns the options `language`'s host reads into its flags, in a fixed order.
func hostFlags(language string, options map[string]any) []string {
	var flags []string
	for _, name := range flagOptions[language] {
		if value, ok := options[name]; ok && value != nil {
			flags = append(flags, fmt.Sprintf("-%s=%v", name, value))
		}
	}
	return flags
}

func main() {
	self, err := os.Executable()
	if err != nil {
		fail("cannot find its own path: %v", err)
	}
	name := filepath.Base(os.Args[0])
	real := filepath.Join(filepath.Dir(self), "..", "hosts", name)
	language := strings.TrimPrefix(name, "pulumi-language-")
	cwd, err := os.Getwd()
	if err != nil {
		fail("cannot read its working directory: %v", err)
	}
	options, err := runtimeOptions(cwd)
	if err != nil {
		fail("cannot read the project's runtime options: %v", err)
	}
	args := append([]string{real}, hostFlags(language, options)...)
	args = append(args, os.Args[1:]...)
	if err := syscall.Exec(real, args, os.Environ()); err != nil {
		fail("cannot start %s: %v; run scripts/setup-languages.sh (npm run setup:languages) again", real, err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pulumi-language launcher: "+format+"\n", args...)
	os.Exit(1)
}
