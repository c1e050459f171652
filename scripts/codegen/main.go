// Command pulumi-tenant-codegen writes the SDKs of the tenant package from its Pulumi
// package schema, with the code generators of github.com/pulumi/pulumi/pkg/v3 (the same
// module and version as the CLI the project builds; `pulumi package gen-sdk` would
// delegate to language hosts that do not build here).
//
//	pulumi-tenant-codegen <schema.json> <out-dir> [nodejs] [python] [go]
//
// Each language goes to <out-dir>/<language>, which is emptied first. Nothing is read
// but the schema: the output depends only on it and on the generator's version.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/blang/semver"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-tenant-codegen"

// selfContained is the loader of a schema that refers to no other package: the tenant
// package stands alone, so any reference to another one is an error in the schema.
type selfContained struct{}

func (selfContained) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; the tenant schema must not refer to other packages", pkg)
}

func (l selfContained) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, d.Version)
}

func (l selfContained) LoadPackageReference(pkg string, v *semver.Version) (schema.PackageReference, error) {
	_, err := l.LoadPackage(pkg, v)
	return nil, err
}

func (l selfContained) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, d.Version)
}

type generator func(pkg *schema.Package) (map[string][]byte, error)

var generators = map[string]generator{
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, selfContained{})
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := python.GeneratePackage(tool, pkg, nil, selfContained{})
		if err != nil {
			return nil, err
		}
		// pyproject.toml names README.md beside it (pip refuses the package without it); the
		// generator writes it only inside the module folder.
		for name, data := range files {
			if filepath.Base(name) == "README.md" && filepath.Dir(name) != "." {
				if _, ok := files["README.md"]; !ok {
					files["README.md"] = data
				}
			}
		}
		return files, nil
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, pkg, nil)
	},
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, tool+": "+format+"\n", args...)
	os.Exit(1)
}

// bind reads and validates the schema anew for each language: the generators record
// their language's settings in the package they are given.
func bind(schemaPath string) *schema.Package {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		fail("cannot read the schema: %v", err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail("%s is not a package schema: %v", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, selfContained{}, schema.ValidationOptions{})
	if err != nil {
		fail("the schema does not bind: %v", err)
	}
	if diags.HasErrors() {
		fail("the schema is not valid: %v", diags)
	}
	return pkg
}

func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	if len(os.Args) < 3 {
		fail("usage: %s <schema.json> <out-dir> [nodejs] [python] [go]", tool)
	}
	schemaPath, outDir, languages := os.Args[1], os.Args[2], os.Args[3:]
	if len(languages) == 0 {
		languages = []string{"nodejs", "python", "go"}
	}
	for _, language := range languages {
		generate, ok := generators[language]
		if !ok {
			fail("unknown language %q (known: nodejs, python, go)", language)
		}
		files, err := generate(bind(schemaPath))
		if err != nil {
			fail("%s: %v", language, err)
		}
		if err := write(filepath.Join(outDir, language), files); err != nil {
			fail("%s: cannot write the SDK: %v", language, err)
		}
		fmt.Fprintf(os.Stderr, "%s: %s SDK, %d files, in %s\n", tool, language, len(files), filepath.Join(outDir, language))
	}
}
