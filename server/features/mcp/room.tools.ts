import { z } from 'zod';
import { adminRoutes, adminSectionSchema } from '#shared/contracts/admin';
import { myDataRoomSchema, roomRoutes } from '#shared/contracts/rooms';
import { roomTool } from './room-tool';

/** The room the token acts for: what it is, and how it is arranged. */
export const roomTools = [
  roomTool({
    name: 'get_room',
    title: 'The data room',
    description:
      'The data room this API token acts for: its id, company name, description, funding stage, website, whether it is open to investors, and its settings (downloads allowed by default, watermark, NDA before entry). Every other tool acts on this room only; call this first to know whose room it is.',
    route: roomRoutes.mine,
    input: z.object({}),
    output: myDataRoomSchema,
    effect: 'reads',
    run: (api) => api.call(roomRoutes.mine),
  }),
  roomTool({
    name: 'list_sections',
    title: "The room's sections",
    description:
      "The room's sections in order (Financials, Team, ...), each with its id, name, description, icon and how many documents it holds.",
    route: adminRoutes.sections,
    input: z.object({}),
    output: z.object({ sections: z.array(adminSectionSchema) }),
    effect: 'reads',
    run: async (api) => ({ sections: await api.call(adminRoutes.sections) }),
  }),
];
