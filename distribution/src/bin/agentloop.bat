@echo off
rem Agentloop launcher for Windows. Needs JAVA_HOME pointing at Java 21 or newer.
setlocal
set "APP_HOME=%~dp0.."
if "%JAVA_HOME%"=="" (
  echo agentloop: set JAVA_HOME to a Java 21 or newer installation. 1>&2
  exit /b 127
)
rem On the module path, as bin/agentloop: every module of lib\ and the JDK's default modules.
"%JAVA_HOME%\bin\java" --enable-native-access=org.jline,ALL-UNNAMED %JAVA_OPTS% -Dagentloop.home="%APP_HOME%" -p "%APP_HOME%\lib" --add-modules ALL-DEFAULT,ALL-MODULE-PATH -m io.agentloop.launcher/io.agentloop.launcher.Launcher %*
