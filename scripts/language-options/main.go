// The language hosts built here come from github.com/pulumi/pulumi/sdk/v3 at an older version
// (the module proxy refuses the separate host modules; scripts/setup-languages.sh). They read a
// project's `runtime.options` only as command-line flags, which the pinned CLI no longer passes:
// it sends them in each request instead. This launcher stands in the CLI's bin folder under the
// host's name (pulumi-language-go, …), reads `runtime.options` of the project the CLI started it
// for (the nearest Pulumi.yaml at or above its working directory) and execs the real host (../hosts/<its own name>) with them as the
// flags that host reads, before the CLI's own arguments:
//
//	go:     binary, buildTarget
//	python: virtualenv (and -root, the project's folder, which a relative virtualenv is resolved against)
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

// runtimeOptions reads `runtime.options` of the project the host runs for: the nearest Pulumi.yaml
// (or Pulumi.yml) in dir or above it (the CLI starts the host in the program's folder, which is
// the project's or, with `main:`, one inside it). It returns the options and the project's folder;
// no options when the runtime is a plain name or there is no project file.
func runtimeOptions(dir string) (map[string]any, string, error) {
	for {
		for _, name := range []string{"Pulumi.yaml", "Pulumi.yml"} {
			file := filepath.Join(dir, name)
			data, err := os.ReadFile(file)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				return nil, "", err
			}
			var p project
			if err := yaml.Unmarshal(data, &p); err != nil {
				return nil, "", fmt.Errorf("%s: %w", file, err)
			}
			if p.Runtime.Kind != yaml.MappingNode {
				return nil, dir, nil
			}
			var runtime struct {
				Options map[string]any `yaml:"options"`
			}
			if err := p.Runtime.Decode(&runtime); err != nil {
				return nil, "", fmt.Errorf("%s: runtime: %w", file, err)
			}
			return runtime.Options, dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, "", nil
		}
		dir = parent
	}
}

// hostFlags turns the options `language`'s host reads into its flags, in a fixed order. The Python
// host resolves a relative virtualenv against its -root: the project's folder, as the CLI's own does.
func hostFlags(language string, options map[string]any, projectDir string) []string {
	var flags []string
	if language == "python" && options["virtualenv"] != nil {
		flags = append(flags, "-root="+projectDir)
	}
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
	options, projectDir, err := runtimeOptions(cwd)
	if err != nil {
		fail("cannot read the project's runtime options: %v", err)
	}
	args := append([]string{real}, hostFlags(language, options, projectDir)...)
	args = append(args, os.Args[1:]...)
	if err := syscall.Exec(real, args, os.Environ()); err != nil {
		fail("cannot start %s: %v; run scripts/setup-languages.sh (npm run setup:languages) again", real, err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pulumi-language launcher: "+format+"\n", args...)
	os.Exit(1)
}
