@echo off
rem Agentloop launcher for Windows. Needs JAVA_HOME pointing at Java 21 or newer.
setlocal
set "APP_HOME=%~dp0.."
if "%JAVA_HOME%"=="" (
  echo agentloop: set JAVA_HOME to a Java 21 or newer installation. 1>&2
  exit /b 127
)
"%JAVA_HOME%\bin\java" --enable-native-access=ALL-UNNAMED %JAVA_OPTS% -Dagentloop.home="%APP_HOME%" -cp "%APP_HOME%\lib\*" io.agentloop.launcher.Launcher %*
