package io.agentloop.spring;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.core.AnnotatedTools;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * The application's beans that have {@link ToolMethod} methods, as tools ({@link AnnotatedTools}).
 * Found by their types, without creating a bean that has none. A bean behind an AOP proxy
 * ({@code @Transactional}, {@code @Async}...) is refused: the proxy's class does not carry the
 * annotations, and calling the object behind it would silently skip its advice.
 */
final class ToolBeans {
    private ToolBeans() {
    }

    /**
     * @throws IllegalStateException naming a proxied bean with tool methods, or a method that cannot be a tool
     */
    static List<Tool> in(ListableBeanFactory beans) {
        List<Tool> tools = new ArrayList<>();
        for (String name : beans.getBeanNamesForType(Object.class, false, false)) {
            Class<?> type = beans.getType(name, false);
            if (type == null || !hasToolMethods(ClassUtils.getUserClass(type))) {
                continue;
            }
            Object bean = beans.getBean(name);
            if (AopUtils.isAopProxy(bean)) {
                throw new IllegalStateException("bean '" + name + "' (" + AopUtils.getTargetClass(bean).getName()
                        + ") has @ToolMethod methods but is a proxy (AOP advice such as @Transactional or @Async): "
                        + "the agent cannot call its tools through it. Move the tool methods to a bean without "
                        + "advice that calls this one");
            }
            try {
                tools.addAll(AnnotatedTools.from(bean));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("bean '" + name + "': " + e.getMessage(), e);
            }
        }
        return tools;
    }

    private static boolean hasToolMethods(Class<?> type) {
        return Arrays.stream(type.getMethods()).anyMatch(method -> method.isAnnotationPresent(ToolMethod.class));
    }
}
