package input

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/csp-lang/csp/lang"
)

// MaxFileSize bounds a model or data file; larger files are refused with a
// message rather than read into memory.
const MaxFileSize = 64 << 20

// Read reads a model or data file.
func Read(path string) (lang.Source, error) {
	f, err := os.Open(path)
	if err != nil {
		return lang.Source{}, fmt.Errorf("cannot read %s: %v", path, PathError(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return lang.Source{}, fmt.Errorf("cannot read %s: %v", path, PathError(err))
	}
	if info.IsDir() {
		return lang.Source{}, fmt.Errorf("%s is a directory, not a file", path)
	}
	text, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return lang.Source{}, fmt.Errorf("cannot read %s: %v", path, PathError(err))
	}
	if len(text) > MaxFileSize {
		return lang.Source{}, fmt.Errorf("%s is larger than %d MB, the most csp reads", path, MaxFileSize>>20)
	}
	return lang.Source{Name: path, Text: text}, nil
}

// ErrStdinTwice refuses a second "-": a pipe cannot be read twice.
var ErrStdinTwice = errors.New("- names the standard input, which can be read once: give - once")

// ReadOrStdin reads a file, or the standard input for "-": once, as a
// pipe cannot be read twice.
func ReadOrStdin(path string, stdin io.Reader, used *bool) (lang.Source, error) {
	if path != "-" {
		return Read(path)
	}
	if *used {
		return lang.Source{}, ErrStdinTwice
	}
	*used = true
	if stdin == nil {
		return lang.Source{}, errors.New("- names the standard input, and this command has none")
	}
	text, err := io.ReadAll(io.LimitReader(stdin, MaxFileSize+1))
	if err != nil {
		return lang.Source{}, fmt.Errorf("cannot read the standard input: %v", PathError(err))
	}
	if len(text) > MaxFileSize {
		return lang.Source{}, fmt.Errorf("the standard input is larger than %d MB, the most csp reads", MaxFileSize>>20)
	}
	return lang.Source{Name: lang.StdinName, Text: text}, nil
}

// PathError is err without the operation and path of an *os.PathError,
// for messages that name the file themselves.
func PathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
