export { PROTOCOL_VERSION, frameMessage, studioMessage, sectionClasses } from './protocol.ts';
export type { FrameMessage, FramePage, StudioMessage } from './protocol.ts';
export { createChannel, createStudioChannel, createFrameChannel } from './channel.ts';
export type { Channel, ChannelOptions, SideChannelOptions, RejectReason } from './channel.ts';
