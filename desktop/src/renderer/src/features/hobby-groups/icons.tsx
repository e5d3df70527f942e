import Icon, {
  BookOutlined,
  CameraOutlined,
  CarOutlined,
  CodeOutlined,
  HeartOutlined,
  SendOutlined,
  ShopOutlined,
  SkinOutlined,
  TrophyOutlined,
  BulbOutlined,
  FireOutlined,
} from '@ant-design/icons';

/**
 * Games and music read as each other's: games had a media 'play' button, music a headset. antd
 * has neither a gamepad nor a note, so these two are the specification's own Lucide shapes
 * (Gamepad2, Music; ISC licence), drawn as antd icons so they size and colour like the rest.
 */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const Gamepad2Svg = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" {...stroke}>
    <line x1="6" x2="10" y1="11" y2="11" />
    <line x1="8" x2="8" y1="9" y2="13" />
    <line x1="15" x2="15.01" y1="12" y2="12" />
    <line x1="18" x2="18.01" y1="10" y2="10" />
    <path d="M17.32 5H6.68a4 4 0 0 0-3.978 3.59c-.006.052-.01.101-.017.152C2.604 9.416 2 14.456 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.414-1.414A2 2 0 0 1 9.828 16h4.344a2 2 0 0 1 1.414.586L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.545-.604-6.584-.685-7.258-.007-.05-.011-.1-.017-.151A4 4 0 0 0 17.32 5z" />
  </svg>
);
const MusicSvg = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" {...stroke}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </svg>
);
type IconProps = { style?: React.CSSProperties; 'aria-hidden'?: boolean };
const GamepadOutlined = (props: IconProps) => <Icon component={Gamepad2Svg} {...props} />;
const MusicOutlined = (props: IconProps) => <Icon component={MusicSvg} {...props} />;

/** The twelve group icons of the specification, drawn with antd's icon set. */
export const GROUP_ICON_COMPONENTS: Record<string, React.ComponentType<IconProps>> = {
  BookOpen: BookOutlined,
  Gamepad2: GamepadOutlined,
  Music: MusicOutlined,
  Utensils: ShopOutlined,
  Plane: SendOutlined,
  Car: CarOutlined,
  Camera: CameraOutlined,
  Heart: HeartOutlined,
  Dumbbell: TrophyOutlined,
  Code: CodeOutlined,
  Palette: SkinOutlined,
  GraduationCap: BulbOutlined,
};

export function GroupIcon({ name, color, size = 24 }: { name: string; color: string; size?: number }) {
  const Icon = GROUP_ICON_COMPONENTS[name] ?? FireOutlined;
  // Decorative: the group's name always stands beside it (antd's own labels would be English words).
  return <Icon style={{ color, fontSize: size }} aria-hidden />;
}
