import { useEffect, useState } from 'react';
import { type DocsTopicId, docsTopics } from '#web/features/docs/docs-topics';
import { cn } from '#web/lib/cn';

/** Which topic is being read: the last one whose heading has passed the upper part of the viewport. */
function useCurrentTopic(): DocsTopicId | null {
  const [current, setCurrent] = useState<DocsTopicId | null>(null);
  useEffect(() => {
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = docsTopics.find((topic) => visible.has(topic.id));
        if (first) setCurrent(first.id);
      },
      // A topic counts while it crosses the band below the sticky header.
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const topic of docsTopics) {
      const element = document.getElementById(topic.id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return current;
}

/** Links to every topic: a sticky sidebar on wide screens, a plain list above the topics on phones. */
export function TableOfContents({ className }: { className?: string }) {
  const current = useCurrentTopic();
  return (
    <nav aria-labelledby="docs-toc-title" className={className}>
      <h2 id="docs-toc-title" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
        On this page
      </h2>
      <ol className="mt-2 columns-2 gap-x-4 sm:columns-3 lg:columns-1 lg:border-l lg:border-slate-200">
        {docsTopics.map((topic) => {
          const isCurrent = topic.id === current;
          return (
            <li key={topic.id} className="break-inside-avoid">
              <a
                href={`#${topic.id}`}
                aria-current={isCurrent ? 'location' : undefined}
                className={cn(
                  '-ml-px block rounded-md py-1.5 text-sm transition-colors lg:rounded-none lg:border-l-2 lg:pl-4',
                  isCurrent
                    ? 'font-medium text-indigo-700 lg:border-indigo-600'
                    : 'text-slate-600 hover:text-slate-900 lg:border-transparent lg:hover:border-slate-300',
                )}
              >
                {topic.title}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
