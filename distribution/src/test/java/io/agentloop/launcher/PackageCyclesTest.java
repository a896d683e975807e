package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.cycle_detection.Cycle;
import com.tngtech.archunit.library.cycle_detection.CycleDetector;
import com.tngtech.archunit.library.cycle_detection.Cycles;
import com.tngtech.archunit.library.cycle_detection.Edge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * No package depends on itself through others, in any module: a package is a layer or a feature,
 * and a cycle means two of them cannot be read, tested or moved apart.
 *
 * <p>It lives in the distribution's tests because the distribution is built after every other
 * module: with {@code -pl distribution -am} every module's classes are compiled before it runs (the
 * benchmarks and the plugin template are dependencies of this module for that reason alone). The
 * classes are read from each module's {@code target/classes}, not from the class path, which holds
 * neither the plugins nor the benchmarks; the modules are found by walking the project
 * ({@link ProjectModules}), so a new module is checked without being listed here.
 */
class PackageCyclesTest {
    @Test
    void noPackageDependsOnItselfThroughOtherPackages() throws IOException {
        ProjectModules modules = ProjectModules.ofThisBuild();
        List<Path> compiled = new ArrayList<>();
        for (Path folder : modules.folders()) {
            Path classes = folder.resolve("target/classes");
            assertThat(classes).as("the compiled classes of module %s (build it first: ./dev mvn -pl distribution "
                    + "-am verify builds every module)", modules.name(folder)).isDirectory();
            compiled.add(classes);
        }
        JavaClasses classes = importWithoutTheClassPath(compiled);
        assertThat(classes).as("classes read from %s", compiled).isNotEmpty();

        List<String> cycles = cyclesBetweenPackages(classes);
        assertThat(cycles)
                .as("cycles between packages (each with one class dependency per step); break each by moving the "
                        + "type the later package needs, or by an interface owned by the package that calls")
                .isEmpty();
    }

    /**
     * The project's classes alone: the classes they use from libraries and the JDK are not read (no
     * cycle can pass through them, and reading them takes most of a minute).
     */
    private static JavaClasses importWithoutTheClassPath(List<Path> compiled) {
        ArchConfiguration configuration = ArchConfiguration.get();
        boolean resolve = configuration.resolveMissingDependenciesFromClassPath();
        configuration.setResolveMissingDependenciesFromClassPath(false);
        try {
            return new ClassFileImporter().importPaths(compiled);
        } finally {
            configuration.setResolveMissingDependenciesFromClassPath(resolve);
        }
    }

    /** The first line of a cycle as {@link #cyclesBetweenPackages} describes it: its packages. */
    private static String packagesOf(String cycle) {
        return cycle.lines().findFirst().orElseThrow();
    }

    /** One step of a cycle: every class dependency from one package to another. */
    private record PackageEdge(String origin, String target, Set<String> uses) implements Edge<String> {
        @Override
        public String getOrigin() {
            return origin;
        }

        @Override
        public String getTarget() {
            return target;
        }
    }

    /** Each cycle as its packages in order, then the first class dependency of each step. */
    static List<String> cyclesBetweenPackages(JavaClasses classes) {
        Set<String> packages = classes.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        Map<String, PackageEdge> edges = new TreeMap<>();
        for (JavaClass origin : classes) {
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                JavaClass target = dependency.getTargetClass().getBaseComponentType();
                String from = origin.getPackageName();
                String to = target.getPackageName();
                if (!from.equals(to) && packages.contains(to)) {
                    edges.computeIfAbsent(from + " -> " + to, key -> new PackageEdge(from, to, new TreeSet<>()))
                            .uses().add(origin.getName() + " uses " + target.getName());
                }
            }
        }
        Cycles<PackageEdge> cycles = CycleDetector.detectCycles(packages, edges.values());
        List<String> described = new ArrayList<>();
        for (Cycle<PackageEdge> cycle : cycles) {
            List<PackageEdge> steps = fromFirstPackage(cycle.getEdges());
            StringBuilder text = new StringBuilder(steps.get(0).origin());
            steps.forEach(edge -> text.append(" -> ").append(edge.target()));
            steps.forEach(edge -> text.append("\n      ").append(edge.uses().iterator().next())
                    .append(edge.uses().size() > 1 ? " (and " + (edge.uses().size() - 1) + " more)" : ""));
            described.add(text.toString());
        }
        if (cycles.maxNumberOfCyclesReached()) {
            described.add("... and more cycles than were counted");
        }
        described.sort(null);
        return described;
    }

    /** The cycle's steps starting from its first package in name order, so that it always reads the same. */
    private static List<PackageEdge> fromFirstPackage(List<PackageEdge> steps) {
        int first = 0;
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).origin().compareTo(steps.get(first).origin()) < 0) {
                first = i;
            }
        }
        List<PackageEdge> rotated = new ArrayList<>(steps.subList(first, steps.size()));
        rotated.addAll(steps.subList(0, first));
        return rotated;
    }
}
