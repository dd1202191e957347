import { ChartBar, ChartLine, Cog, Folder, Gavel, LaptopMinimal, type LucideIcon, Users } from 'lucide-react';
import { Cell, Code, Table } from './prose';

/**
 * The section icons of the sections markdown and the words that pick each one
 * (docs/product-rules.md#sections-markdown).
 */
const sectionIcons: { name: string; icon: LucideIcon; inferredFrom: string[] }[] = [
  { name: 'folder', icon: Folder, inferredFrom: [] },
  { name: 'chart-line', icon: ChartLine, inferredFrom: ['financ'] },
  { name: 'gavel', icon: Gavel, inferredFrom: ['legal'] },
  { name: 'cogs', icon: Cog, inferredFrom: ['business', 'operation', 'plan'] },
  { name: 'chart-bar', icon: ChartBar, inferredFrom: ['market'] },
  { name: 'users', icon: Users, inferredFrom: ['team', 'people'] },
  { name: 'laptop-code', icon: LaptopMinimal, inferredFrom: ['tech', 'product'] },
];

export function SectionIconTable() {
  return (
    <Table caption="Section icons" head={['Icon', 'Name', 'Inferred from']}>
      {sectionIcons.map(({ name, icon: Icon, inferredFrom }) => (
        <tr key={name}>
          <Cell className="align-middle">
            <span className="flex size-8 items-center justify-center rounded-md bg-indigo-50 text-indigo-600">
              <Icon aria-hidden="true" className="size-4" />
            </span>
          </Cell>
          <Cell className="align-middle">
            <Code className="whitespace-nowrap">{name}</Code>
          </Cell>
          <Cell className="align-middle">
            {inferredFrom.length === 0 && 'Never inferred: a section added in the editor gets it.'}
            {inferredFrom.map((word, index) => (
              <span key={word}>
                {index > 0 ? (index === inferredFrom.length - 1 ? ' or ' : ', ') : null}
                <Code>{word}</Code>
              </span>
            ))}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
