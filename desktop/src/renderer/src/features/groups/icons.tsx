import { BookOutlined, CameraOutlined, CarOutlined, CodeOutlined, CustomerServiceOutlined, HeartOutlined, PlayCircleOutlined, SendOutlined, ShopOutlined, SkinOutlined, TrophyOutlined, BulbOutlined, FireOutlined } from '@ant-design/icons';

/** The twelve group icons of the specification, drawn with antd's icon set. */
export const GROUP_ICON_COMPONENTS: Record<string, React.ComponentType<{ style?: React.CSSProperties }>> = {
  BookOpen: BookOutlined,
  Gamepad2: PlayCircleOutlined,
  Music: CustomerServiceOutlined,
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
  return <Icon style={{ color, fontSize: size }} />;
}
