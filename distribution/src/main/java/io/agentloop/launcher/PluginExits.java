package io.agentloop.launcher;

import io.agentloop.core.registry.PluginCode;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Plugin code that calls {@code System.exit}. Java 21 and later cannot refuse the call, so the
 * process ends whatever happens; what this decides is what the user is told and the exit code, which
 * would otherwise be the plugin's own (a silent 0 for every command when it happens while the
 * plugin loads). A shutdown hook that finds plugin code inside {@code System.exit} (a plugin call,
 * or a thread the plugin started itself: {@link PluginCode#exiting()}) names the plugin, lets the launcher's own shutdown work finish (the run settles, its session keeps its
 * records), and then ends the process with the launcher's code: {@link Launcher#CONFIGURATION}
 * when the plugin ended it while loading (nothing runs with it installed),
 * {@link Launcher#NO_ANSWER} when during a run.
 */
final class PluginExits {
    /** How long the hook waits for the launcher's command to finish after a plugin ended the JVM. */
    private static final long SETTLE_SECONDS = 30;

    private final PrintWriter err;
    private final Thread main;
    private final CountDownLatch commandDone = new CountDownLatch(1);
    private volatile boolean launcherExits;

    private PluginExits(PrintWriter err, Thread main) {
        this.err = err;
        this.main = main;
    }

    /** Watches every exit from now on; {@code main} is the thread that runs the command. */
    static PluginExits watch(PrintWriter err) {
        PluginExits exits = new PluginExits(err, Thread.currentThread());
        Runtime.getRuntime().addShutdownHook(new Thread(exits::onExit, "agentloop-plugin-exit"));
        return exits;
    }

    /** Ends the process with the command's code (the hook's, if a plugin ended it first). */
    void exit(int code) {
        launcherExits = true;
        commandDone.countDown();
        System.exit(code);
    }

    private void onExit() {
        if (launcherExits) {
            return;
        }
        Optional<PluginCode.Exit> found = PluginCode.exiting();
        if (found.isEmpty()) {
            return; // Ctrl-C, a signal, or the JVM's own end: their codes stand
        }
        PluginCode.Exit exit = found.get();
        String where = exit.caller().map(frame -> " at " + frame).orElse("");
        boolean loading = exit.call().what().equals("loading") || exit.call().what().equals("starting");
        if (loading) {
            err.println("agentloop: plugin " + exit.call().plugin() + " called System.exit" + where + " while "
                    + exit.call().what() + ", which ends every command: remove it from the plugin folder or list "
                    + "its id in plugins.disabled");
            err.flush();
        } else if (!exit.call().what().startsWith("tool '")) {
            // a tool's exit is said by the run, which stops the call and names it
            err.println("agentloop: plugin " + exit.call().plugin() + " (" + exit.call().what()
                    + ") called System.exit" + where + "; the run is stopped");
            err.flush();
        }
        if (exit.call().thread() != main) {
            try {
                commandDone.await(SETTLE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(loading ? Launcher.CONFIGURATION : Launcher.NO_ANSWER);
    }
}
