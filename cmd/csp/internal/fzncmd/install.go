package fzncmd

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/csp-lang/csp/lang/fzn"
)

// MznUsage is what csp help mzn prints.
const MznUsage = `usage: csp mzn install [DIR]

Makes csp a MiniZinc solver: writes the solver configuration csp.msc into
DIR, and csp's MiniZinc library (the globals csp has propagators for) into
DIR/csp. The configuration runs this csp binary, by its absolute path, as
csp fzn. Without DIR, the folder where MiniZinc looks for a user's solvers:
~/.minizinc/solvers. Then:

  minizinc --solver csp model.mzn data.dzn

and with another DIR, MZN_SOLVER_PATH=DIR minizinc --solver csp ... (see
csp help minizinc). Run it again after moving or rebuilding csp elsewhere.
`

// solverID names csp among MiniZinc's solvers.
const solverID = "org.csp-lang.csp"

// MznInstall is csp mzn install.
func MznInstall(args []string, stdout, stderr io.Writer, env Env) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(stdout, MznUsage)
		return exitOK
	}
	if len(args) == 0 || args[0] != "install" || len(args) > 2 {
		fmt.Fprint(stderr, "csp mzn: expected install [DIR]\n"+MznUsage)
		return exitBadInput
	}
	dir := ""
	if len(args) == 2 {
		dir = args[1]
	} else {
		home, err := os.UserHomeDir()
		if err != nil {
			fmt.Fprintf(stderr, "csp mzn install: no home folder to install into (%v): give a DIR\n", err)
			return exitBadInput
		}
		dir = filepath.Join(home, ".minizinc", "solvers")
	}
	exe, err := executable()
	if err != nil {
		fmt.Fprintf(stderr, "csp mzn install: cannot tell where this csp is: %v\n", err)
		return exitBadInput
	}
	if err := install(dir, exe, env.Version); err != nil {
		fmt.Fprintf(stderr, "csp mzn install: %v\n", err)
		return exitBadInput
	}
	fmt.Fprintf(stdout, "installed csp as a MiniZinc solver: %s and its library %s\n",
		filepath.Join(dir, "csp.msc"), filepath.Join(dir, "csp"))
	return exitOK
}

// executable is the absolute path of this binary, links resolved.
func executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return filepath.Abs(exe)
}

// config is the solver configuration, in the format MiniZinc reads.
type config struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Version     string     `json:"version"`
	Executable  []string   `json:"executable"`
	MznLib      string     `json:"mznlib"`
	Tags        []string   `json:"tags"`
	StdFlags    []string   `json:"stdFlags"`
	ExtraFlags  [][]string `json:"extraFlags"`
	SupportsMzn bool       `json:"supportsMzn"`
	SupportsFzn bool       `json:"supportsFzn"`
	NeedsSolns  bool       `json:"needsSolns2Out"`
	IsGUI       bool       `json:"isGUIApplication"`
}

// install writes dir/csp.msc and the library into dir/csp.
func install(dir, exe, version string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	lib := filepath.Join(abs, "csp")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %v", lib, unwrap(err))
	}
	files, err := fs.Glob(fzn.Library, "mznlib/*.mzn")
	if err != nil {
		return err
	}
	for _, f := range files {
		text, err := fs.ReadFile(fzn.Library, f)
		if err != nil {
			return err
		}
		dst := filepath.Join(lib, filepath.Base(f))
		if err := os.WriteFile(dst, text, 0o644); err != nil {
			return fmt.Errorf("cannot write %s: %v", dst, unwrap(err))
		}
	}
	cfg := config{
		ID: solverID, Name: "csp", Version: version,
		Description: "csp, the constraint solver of the .csp language, as a FlatZinc solver",
		Executable:  []string{exe, "fzn"},
		MznLib:      lib,
		Tags:        []string{"cp", "int"},
		StdFlags:    []string{"-a", "-f", "-n", "-p", "-r", "-s", "-t"},
		ExtraFlags:  [][]string{},
		SupportsFzn: true, NeedsSolns: true,
	}
	text, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	msc := filepath.Join(abs, "csp.msc")
	if err := os.WriteFile(msc, append(text, '\n'), 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %v", msc, unwrap(err))
	}
	return nil
}

func unwrap(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
