#!/usr/bin/env sh
# shellcheck disable=SC2034
dns_portaltui_info='portal-tui: the DNS of a HostBill "User API" client portal (registration or hosted zone)
Docs: docs/acme.md of portal-tui
Options:
 PORTALTUI_BIN The portal-tui binary. Optional, default portal-tui (on PATH)
 PORTALTUI_PROFILE The profile of portal-tui'"'"'s config to use. Optional
'

# Copy to ~/.acme.sh/dnsapi/, then:
#   acme.sh --issue --dns dns_portaltui -d example.vn -d '*.example.vn'
# portal-tui signs in as its profile does (config, PORTAL_* variables) and waits until
# every authoritative name server answers the record; its exit code is returned.

dns_portaltui_add() {
  fulldomain=$1
  txtvalue=$2
  _portaltui_setup || return 1
  _info "Adding TXT $fulldomain with portal-tui"
  if ! "$PORTALTUI_BIN" acme present "$fulldomain" "$txtvalue"; then
    _err "portal-tui could not add TXT $fulldomain"
    return 1
  fi
  return 0
}

dns_portaltui_rm() {
  fulldomain=$1
  txtvalue=$2
  _portaltui_setup || return 1
  _info "Removing TXT $fulldomain with portal-tui"
  if ! "$PORTALTUI_BIN" acme cleanup "$fulldomain" "$txtvalue"; then
    _err "portal-tui could not remove TXT $fulldomain"
    return 1
  fi
  return 0
}

_portaltui_setup() {
  PORTALTUI_BIN="${PORTALTUI_BIN:-$(_readaccountconf_mutable PORTALTUI_BIN)}"
  PORTALTUI_BIN="${PORTALTUI_BIN:-portal-tui}"
  PORTALTUI_PROFILE="${PORTALTUI_PROFILE:-$(_readaccountconf_mutable PORTALTUI_PROFILE)}"
  _saveaccountconf_mutable PORTALTUI_BIN "$PORTALTUI_BIN"
  _saveaccountconf_mutable PORTALTUI_PROFILE "$PORTALTUI_PROFILE"
  if [ -n "$PORTALTUI_PROFILE" ]; then
    PORTAL_PROFILE="$PORTALTUI_PROFILE"
    export PORTAL_PROFILE
  fi
  if ! command -v "$PORTALTUI_BIN" >/dev/null 2>&1; then
    _err "portal-tui not found: install it, or set PORTALTUI_BIN to its path"
    return 1
  fi
}
