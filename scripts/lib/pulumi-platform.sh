# Which Pulumi CLI fits this machine (sourced by setup-pulumi.sh; the unit tests call these
# functions with faked `uname` answers). Plain bash 3.2: macOS's /bin/bash has no `declare -A`.

# The oldest supported CLI; any newer 3.x release is supported as well (the engine protocol and the
# state format of 3.x are kept compatible upward, and the tests run on this one).
PULUMI_MIN_VERSION="3.248.0"
PULUMI_VERSION_RANGE="$PULUMI_MIN_VERSION or any newer 3.x"

# pulumi_platform KERNEL MACHINE: the `<os>-<arch>` of the official archives
# (get.pulumi.com/releases/sdk/pulumi-v<version>-<os>-<arch>.tar.gz) for `uname -s` KERNEL and
# `uname -m` MACHINE. On a machine without one it says what to do on stderr and returns 1.
pulumi_platform() {
  local os arch
  case "$1" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
      echo "Windows is not supported by these scripts: run them in WSL2 (e.g. Ubuntu), where they install the linux archive." >&2
      return 1 ;;
    *)
      echo "No Pulumi CLI archive for the operating system '$1' (linux and darwin only): install the Pulumi CLI ($PULUMI_VERSION_RANGE) yourself, https://www.pulumi.com/docs/install/." >&2
      return 1 ;;
  esac
  case "$2" in
    x86_64 | amd64) arch=x64 ;;
    arm64 | aarch64) arch=arm64 ;;
    *)
      echo "No Pulumi CLI archive for the processor '$2' (x86_64 and arm64 only): install the Pulumi CLI ($PULUMI_VERSION_RANGE) yourself, https://www.pulumi.com/docs/install/." >&2
      return 1 ;;
  esac
  echo "$os-$arch"
}

# pulumi_archive_url VERSION KERNEL MACHINE: where the official archive of VERSION for that machine is.
pulumi_archive_url() {
  local platform
  platform="$(pulumi_platform "$2" "$3")" || return 1
  echo "https://get.pulumi.com/releases/sdk/pulumi-v$1-$platform.tar.gz"
}

# pulumi_version_supported VERSION: 0 when VERSION (as `pulumi version` prints it, `v3.250.1`) is
# PULUMI_MIN_VERSION or a newer 3.x release. Pre-releases and dev builds (a `-suffix`) are not.
pulumi_version_supported() {
  local found="${1#v}" major minor patch min_minor min_patch
  [[ "$found" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || return 1
  major="${BASH_REMATCH[1]}"; minor="${BASH_REMATCH[2]}"; patch="${BASH_REMATCH[3]}"
  IFS=. read -r _ min_minor min_patch <<< "$PULUMI_MIN_VERSION"
  [ "$major" -eq 3 ] || return 1
  [ "$minor" -gt "$min_minor" ] || { [ "$minor" -eq "$min_minor" ] && [ "$patch" -ge "$min_patch" ]; }
}

# language_host_pseudo VERSION: the pseudo-version of the Node.js language host module for a CLI
# release (the module has no version tags; it is required by the commit of the release tag).
# Known releases are listed here; add one when the pin moves.
language_host_pseudo() {
  case "$1" in
    3.248.0) echo "v3.0.0-20260624120734-a88168d865b7" ;;
    *) return 1 ;;
  esac
}
