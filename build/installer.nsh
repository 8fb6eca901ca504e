; Included by electron-builder's NSIS installer (nsis.include in electron-builder.yml).
; "Open with MeterDesk" on a folder in Explorer: a verb under Directory\shell, written to the same
; hive as the installation (SHELL_CONTEXT: the user's HKCU for the default per-user install, as
; electron-builder's own FileAssociation.nsh does), and removed again by the uninstaller. Explorer
; starts MeterDesk with the folder as its argument; a running MeterDesk takes it over
; (main/shell/single-instance.ts).

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\Directory\shell\MeterDesk" "" "Open with MeterDesk"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Directory\shell\MeterDesk" "Icon" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Directory\shell\MeterDesk\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\Directory\shell\MeterDesk"
!macroend
