"""Layer-1 intent: keyword, regex and entity cues scoring every domain and every intent.

``classify(text)`` scores the 21 domains and the 7 intents of ARCHITECTURE §4 from weighted cues
(a word list per domain, regexes for the shape of a request — 帮我写一份…, 能拿多少, 去哪里申请,
a quoted clause — and entity cues such as amounts and durations). Scores become probabilities
with a softmax; the confidence is P(domain) × P(intent). At confidence ≥ :data:`THRESHOLD` the
rules decide; below it the decision falls back to 综合咨询/qa_retrieval with the reason, and
the rules' best guess stays available for layer 2.

Vocabulary is organised by domain (what the dispute is about) and intent (what the user wants
done), not by example sentence; docs/decisions/intent-rules.md explains the weights.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from chat.domains import DOMAINS, GENERAL, LEGAL_INTENTS, NON_LEGAL, NON_LEGAL_INTENT, QA_RETRIEVAL
from chat.entities import Entities, extract_entities
from knowledge.query_expansion import normalize_query

#: Rules decide at or above this confidence.
THRESHOLD = 0.85
#: Softmax temperatures: a lower temperature makes the same score margin more confident.
DOMAIN_TEMPERATURE = 0.7
INTENT_TEMPERATURE = 0.7
#: Score general starts with, so that a message without any cue is 综合咨询.
GENERAL_PRIOR = 0.5
#: contract and general are residual: their score is scaled by this when a subject domain is clear.
RESIDUAL_FACTOR = 0.6
#: non_legal's score when a message holds no legal word at all (a guess, never a decision).
NO_CUE_SCORE = 1.0
#: Share of the narrative bonus a "…怎么办" question after a story also gives to procedure_guidance.
NARRATIVE_TO_PROCEDURE = 0.5
#: Only this many characters are classified (a pasted contract is recognised by its start).
MAX_CHARS = 2_000

# -- domain vocabulary -----------------------------------------------------------------------------
# weight -> space-separated words. 5: defines the domain, 4: strong, 3: typical, 2: hint, 1: weak hint.
# A word inside a longer matched word does not count (债权人 counts, not also 债权); a domain's score
# adds its words with diminishing returns (see _diminishing).

_DOMAIN_WORDS: dict[str, dict[float, str]] = {
    "marriage_family": {
        5: "离婚 抚养权 抚养费 探望权 探视权 夫妻共同 彩礼 遗嘱 遗产 继承 赡养 家暴 家庭暴力 冷静期 婚前协议 重婚 "
        "婚外情 判离 离婚协议 协议离婚 起诉离婚 离婚诉讼 代位继承 法定继承 继承权 遗赠 收养",
        4: "共同财产 婚前财产 婚后财产 结婚证 离婚证 婚内 出轨 分居 感情破裂 夫妻 婚姻 配偶 前夫 前妻 抚养 扶养 "
        "亲子鉴定 非婚生 私生子 复婚 赡养费 嫁妆 聘礼 订婚 婚房 同居 夫妻债务 二胎 改姓 遗书",
        3: "老公 老婆 丈夫 妻子 媳妇 小三 结婚 婚礼 再婚 继子 继女 继父 继母 婆家 娘家 儿媳 女婿 公婆 孩子归 判给 "
        "跟谁 监护权 民政局 领证 登记结婚 去世 过世 房子留给 网贷 男方 女方 接回来 带走孩子",
        2: "孩子 儿子 女儿 父母 爷爷 奶奶 外公 外婆 孙子 孙女 爸妈 老人 子女 分一半 平分 存款 对象 分手",
    },
    "labor": {
        5: "工伤 劳动仲裁 劳动合同 劳动争议 劳动关系 经济补偿 二倍工资 双倍工资 竞业限制 劳务派遣 劳动监察",
        4: "辞退 开除 裁员 社保 五险一金 n+1 n+2 2n 加班费 年假 年休假 带薪年假 试用期 竞业协议 拖欠工资 欠薪 克扣 "
        "工资条 离职证明 用人单位 劳动者 最低工资 工龄 违法解除 解除劳动 旷工 调岗 降薪 劳动法 被炒 炒鱿鱼 劝退 "
        "社会保险 职业病 产假 哺乳期 病假 入职 离职 辞职 员工 人社局 劳动局 补缴 辞职报告 结工资 扣工资 培训费 "
        "服务期 失业金 失业保险 医疗期 调休 婚假 陪产假 末位淘汰 不胜任 仲裁委 劳务费 实习 退休 返聘 养老保险 "
        "高温补贴 加班 讨薪 欠工资 发工资 薪资 跑单 外卖员 快递员 骑手 配送员 平台用工 劳动报酬 不是他们员工 "
        "不是员工",
        3: "工资 上班 转正 考勤 绩效 年终奖 底薪 提成 三期 跳槽 厂里 同行 工作 下班 职工 单位 领导 薪水 打卡 人事 "
        "hr 主管 兼职 外地 调动 996 怀孕期间",
        2: "老板 月薪 公司 打工 干了 岗位 公积金",
    },
    "traffic_accident": {
        5: "交通事故 交强险 车祸 私了 肇事 逃逸",
        4: "交警 事故认定 责任认定书 三者险 追尾 闯红灯 酒驾 驾照 驾驶证 撞车 被车撞 行车记录仪 全责 主责 次责 同责 "
        "机动车 非机动车 撞死 撞伤 车险 无证驾驶 车损险 定损 碰瓷 代驾 套牌 超载 变道 并线 刮到 刮蹭 肇事司机 "
        "事故车辆 认定书 坐朋友的车 乘车",
        3: "开车 骑车 电动车 汽车 货车 摩托车 车主 车辆 倒车 剐蹭 蹭到 修车 车损 贬值 过马路 斑马线 高速 路口 醉驾 "
        "保险公司 撞了 被撞 违章 红绿灯 车牌 网约车 出租车 行人 骑手 停车场 无牌 驾驶员",
        2: "撞 司机 误工费 护理费 死亡赔偿金 车 驾驶 公交车 急刹车 刮 碰到 保险",
    },
    "debt": {
        5: "借条 欠条 民间借贷 借款合同 高利贷 砍头息 套路贷 老赖 支付令",
        4: "借款 欠款 借钱 欠钱 还钱 不还 讨债 催收 失信 利息 月息 年利率 利率 借据 打条 代位权 债务人 债权人 催款 "
        "还款 放贷 到期不还 欠我 欠他 本金 借出去 借给 债务 债权 收条 逾期利息 限制消费 限高 被执行人 出借人 借款人 "
        "连本带息 本息 赖账 要账 欠账 利滚利 年息 借呗 花呗 信用卡",
        3: "借了 借我 转账记录 分利 几分利 强制执行 申请执行 逾期 追讨 要钱 材料款 欠 撤销权 过户给 拉黑 不接电话 "
        "部分还款 分期 还了 微信转账 找谁要 名下 查财产 财产线索",
        2: "借 聊天记录 到期 起诉他 失联",
    },
    "criminal": {
        5: "判刑 坐牢 刑事 罪 犯罪 取保候审 看守所 刑拘 逮捕 批捕 自首 缓刑 实刑 量刑 有期徒刑 谅解书 正当防卫 "
        "防卫过当 认罪认罚 监视居住 不起诉",
        4: "公诉 立功 无期 死刑 拘役 盗窃 诈骗 抢劫 抢夺 故意伤害 杀人 强奸 猥亵 贩毒 吸毒 毒品 赌博 开设赌场 "
        "非法吸收 集资 帮信 洗钱 职务侵占 挪用 贪污 受贿 行贿 寻衅滋事 非法拘禁 绑架 危险驾驶 前科 减刑 假释 辩护 "
        "嫌疑人 被告人 小偷 偷东西 偷钱 偷了 被骗 骗子 骗了 杀猪盘 刑期 羁押 判几年 判多久 监狱 服刑 刑法 审查起诉 "
        "被抓 抓走 传销 嫖娼 敲诈 勒索 恐吓 电信诈骗 刷单 跑分 卖银行卡 出租银行卡 走私 假币 逃税 入室 扒窃 销赃 "
        "拐卖 虐待 轻微伤 犯罪记录 社区矫正 紧急避险 检察院 报案 缝针 起诉书 交通肇事罪 刑事拘留",
        3: "派出所 警察 公安 报警 打架 打伤 轻伤 重伤 醉驾 和解 会见 不立案 立案 初犯 酒精含量 打成 砍伤 捅 斗殴 "
        "砸了 啤酒瓶 被判 判了 家属",
        2: "拘留 偷 砸",
    },
    "contract": {
        5: "合同纠纷",
        4: "定金 订金 违约金 解除合同 合同无效 格式条款 不可抗力 采购合同 买卖合同 供货 货款 交货 合作协议 承揽 "
        "加盟 违约责任 毁约 撤销合同 口头约定 口头协议 口头合同 中介费 解除通知 供货商 租车合同 合同法 合同解除 "
        "情势变更 霸王条款 免责条款 迟延 显失公平 重大误解 服务合同 委托合同 居间 加工 定做 代理合同 投资协议 对赌 "
        "预付款 装修队 电子合同 盖章",
        3: "签约 卖方 买方 甲方 乙方 反悔 中介 合作方 发货 收货 订单 仲裁条款 合同总额 合同金额 合同价款 合同约定 "
        "违约 欺诈 胁迫 效力 签字 履行 交稿 设计费 不付钱 设备租赁 服务费 不满意",
        2: "合同 协议 退款 押金 付款 尾款 代理 签了 撤销 无效 合作",
        1: "条款 对方 约定",
    },
    "real_estate": {
        5: "房东 租房 租客 房租 二手房 商品房 开发商 房产证 不动产证 网签 小产权 一房二卖 交房 逾期交房",
        4: "租金 押一付三 购房 买房 卖房 产权证 首付 物业 业主 房屋租赁 租赁合同 退房 漏水 相邻 产权到期 70年产权 "
        "房产 房屋买卖 购房合同 期房 烂尾 车位 物业费 承租 出租 转租 房价 凶宅 学区房 退租 收回房子 业委会 办证 "
        "逾期办证 不动产权 契税 面积缩水 按揭 新房 二手房东 搬走",
        3: "房子 房屋 楼上 楼下 过户 查封 装修 天花板 卫生间 产权 加名 房贷 住房 公寓 小区 噪音 采光",
        2: "租 邻居 税费 墙",
    },
    "tort": {
        5: "侵权 名誉权 肖像权 隐私权 高空抛物 人格权 网暴",
        4: "咬伤 名誉 造谣 诽谤 侮辱 隐私 肖像 个人信息 信息泄露 骚扰电话 狗咬 被狗 宠物 坠物 楼上扔 安全保障义务 "
        "扔下来 掉下来 砸坏 砸伤 道歉 删帖 删除 摄像头 偷拍 冒用 身份信息 盗用身份 骂人 骂我 辱骂 人肉 曝光 谣言 "
        "弄坏 损坏 刮花 划车 毁坏 井盖 溺水 游乐场 电梯 毒死 刮倒 树木 倒塌 截图 聊天截图 发到网上 挂到网上",
        3: "未经同意 未经我同意 没经过我同意 没经我同意 擅自 广告 摔倒 摔伤 滑倒 地面湿滑 弄伤 小孩 未成年 监护人 "
        "发帖 抖音 微博 微信群 咬 狗 猫 泄露 我的照片 照片 商场 精神损害 污染 噪音 饲养 熊孩子 侵犯 弄裂 排污 "
        "网上骂 烟花",
        2: "砸 视频 玩耍",
    },
    "company": {
        5: "股东 股权 注册资本 认缴 实缴 抽逃 股东会 董事会 公司章程 法定代表人 一人公司 一人有限 法定公积金 公司法 "
        "股权转让 股东协议 实际控制人 新公司法 代持 隐名股东 股权激励",
        4: "股份 持股 分红 出资 董事 监事 章程 法人代表 公司注销 注销 清算 解散公司 利润分配 回购 增资 减资 "
        "工商变更 对外担保 对外提供担保 合伙人 合伙 大股东 小股东 查账 决议 入股 有限公司 净资产 控股 技术入股 占股 "
        "期权 人格混同 关联交易 公章 合伙企业 个体户 破产",
        3: "公司的钱 账本 账目 利润 盈利 营业执照 工商 税后利润 表决 控制权 除名 踢出去",
        1: "公司",
    },
    "medical": {
        5: "医疗事故 医疗纠纷 医疗损害 医疗过错 误诊 漏诊 病历 医患 医闹 知情同意",
        4: "手术 医院 医生 护士 诊所 卫生院 疫苗 用药错误 并发症 整容 医美 双眼皮 拔牙 牙医 种植牙 拔错 抢救 icu "
        "输液 打错针 卫健委 治疗 医疗 治坏 护工 病房 药物过敏 后遗症 麻醉 剖腹产 分娩 产科 心脏支架 支架 化疗 急诊 "
        "拒收 转院 封存 隆鼻 整形 正畸 接种 医疗机构 大出血 切除 延误治疗 处理不及时 在医院 医院说 救治",
        3: "住院 过敏 鉴定费 医疗损害鉴定 病人 患者 阑尾炎 感染 去世 看病 诊断 出院 皮试 休克",
        2: "伤口 药 没了",
    },
    "demolition": {
        5: "拆迁 征收 征地 强拆 补偿安置 安置房 回迁 拆迁办 征收决定 房屋征收 宅基地 青苗费 安置补助 出嫁女 村集体 "
        "集体经济组织 征收办 拆迁协议 安置协议 产权调换 过渡费 搬迁费",
        4: "拆除 违章建筑 违建 停产停业 被拆 推了 征用 评估价 拆房 地上附着物 集体土地 承包地 耕地 林地 推平 "
        "临时安置 货币补偿 少算 修路 断水断电 拆迁公司 逼我们签",
        3: "拆 补偿款 补偿标准 村里 村委会 占地 土地 农村 老家 评估 商铺 安置 户口 平米 村委",
        2: "补偿 政府 平",
    },
    "administrative": {
        5: "行政诉讼 行政复议 行政处罚 行政拘留 治安拘留 告政府 起诉政府 民告官 政府信息公开 国家赔偿 城管",
        4: "罚款 信息公开 听证 吊销 市场监督管理局 市场监管 税务局 行政机关 行政行为 执法 陈述申辩 招商引资 "
        "行政协议 错误羁押 无罪释放 罚单 违章 政府部门 不作为 行政许可 扣了我的车 责令 停业整顿 暂扣 执法人员 "
        "环保局 教育局 乱作为 审批 落户 低保 治安",
        3: "罚了 被罚 处罚 派出所 公安局 扣车 政府 营业执照 摆摊 管理局 没通知 决定书 整改",
        2: "罚 不服 拘留 行政 复议",
    },
    "construction": {
        5: "工程款 建设工程 施工合同 包工头 实际施工人 转包 挂靠 竣工 农民工 劳务分包 工程质量",
        4: "施工 总包 分包 资质 保修期 防水工程 发包方 发包人 承包人 工地 垫资 钢筋 优先受偿权 项目经理 工程 建筑 "
        "施工方 施工单位 结算 审计 偷工减料 验收 监理 质保金 进度款 决算 工期 延误 施工队 招投标 中标 黑白合同 "
        "阴阳合同 脚手架 塔吊 混凝土 设计变更 装修工程",
        3: "装修公司 水电改造 水电 开发商 按吨 工人 开裂 渗漏 楼盘",
        2: "装修 保证金",
    },
    "intellectual_property": {
        5: "著作权 版权 商标 专利 知识产权 商业秘密 不正当竞争 抢注 软件著作权",
        4: "发明 实用新型 外观设计 抄袭 盗版 盗图 盗用 仿冒 山寨 翻唱 背景音乐 原创 作品 改编 署名 许可使用 源代码 "
        "侵犯著作权 知名品牌 产品图 客户资料 技术秘密 商标使用许可 未经授权 未经许可 洗稿 剽窃 搬运 转载 我们品牌 "
        "我们的品牌 我的品牌 自己的品牌 品牌方 设计图纸 图纸 配方 域名 字体 课程",
        3: "侵权 品牌 名字很像 logo 拍的 图片 视频 流行歌 歌曲 软件开发 小说 短剧 客户名单 下架 文章 音乐 短视频 代码",
        2: "抄 模仿 假冒",
    },
    "personal_injury": {
        5: "人身损害 伤残 残疾赔偿金 伤残鉴定 死亡赔偿金 人身伤害 伤残等级",
        4: "误工费 护理费 营养费 住院伙食补助 精神损失费 精神抚慰金 后续治疗费 被打伤 打成轻伤 骨折 受伤 摔断 门牙 "
        "健身房 帮工 雇工 见义勇为 残疾 评残 十级伤残 九级伤残 误工 丧葬费 被扶养人 劝酒 一起喝酒 喝酒喝多 摔死 "
        "伤情 游泳馆 打死 被人打 救生员",
        3: "打伤 被打 医药费 医疗费 推下 推倒 摔 伤 噩梦 跑步机 学校 幼儿园 同学 老师 梯子 雇主 工人 精神损害 "
        "伤情鉴定 保姆 游泳 体育课 喝酒 喝多",
        2: "住院 治疗费 急刹车 交通费",
    },
    "foreign": {
        5: "涉外 外国人 外籍 老外 负面清单 承认和执行 外国法院 涉外婚姻 哪国法律 哪国的法律 适用哪国 日本籍 美国籍 "
        "韩国籍 外国籍 加拿大籍 英国籍 德国籍 法国籍 越南籍 外籍人士",
        4: "外国 国外 境外 海外 跨境 国际 外商 外资 签证 工作许可 国籍 绿卡 护照 中外合资 进出口 中英文 认证 领事 "
        "移民 留学 外贸 海关 外汇 回国 出国",
        3: "美国 加拿大 英国 法国 德国 意大利 西班牙 荷兰 瑞士 俄罗斯 日本 韩国 越南 泰国 新加坡 马来西亚 澳大利亚 "
        "新西兰 印度 菲律宾 柬埔寨 缅甸 巴西 迪拜 温哥华 多伦多 纽约 伦敦 东京 首尔 悉尼 香港 澳门 台湾 日籍 韩籍 "
        "美籍 外企 个人所得税 个税 贸易 年薪 出境 入境 对方国家",
        2: "中国 国内 英文",
    },
    "maritime": {
        5: "海事 海商 船舶 船东 船员 海员 船公司 提单 租船 滞期 共同海损 救助报酬 海难 扣船 扣押船舶 海事法院 "
        "海事请求 海上货物运输",
        4: "货轮 渔船 商船 海运 航次 集装箱 承运人 货代 港口 到港 码头 船 海域 海上 船长 舱 获救 沉没 撞沉 搁浅 "
        "触礁 打捞 托运人 滞港 装卸",
        3: "货损 货物 运输 放货 正本 失踪 台风 海",
    },
    "consumer": {
        5: "消费者 退一赔三 假一赔三 十倍赔偿 三倍赔偿 七天无理由 无理由退货 三包 12315 消协 消费者协会",
        4: "退货 换货 网购 淘宝 京东 拼多多 直播间 电商 虚假宣传 过期食品 保健品 翻新机 假货 预付卡 会员卡 健身卡 "
        "充值卡 储值卡 外卖 食品安全 售后 特价 不退不换 概不退换 假名牌 消费 a货 b货 以次充好 跑路 退换 退卡 办卡 "
        "美容院 理发店 培训班 退费 假酒 假烟 缺斤少两 短斤少两 价格欺诈 明码标价 强制消费 最低消费 旅行社 跟团 "
        "直播带货 泡水车 事故车 鹅绒 封号 账号被封 调表 充了 游戏充值退款",
        3: "买的 买了 网上买 超市 冰箱 手机 退钱 运费 过期 虫子 质量问题 坏了 翡翠 名牌 宣传 商品 购物 4s店 提车 "
        "商家 卖家 店家 新车 食品 饭店 餐厅 快递 平台 投诉 标签 检测 二手车 客服",
        2: "买 花了 坑",
        1: "店",
    },
    "security_interest": {
        5: "抵押 质押 保证人 担保人 连带责任保证 一般保证 连带保证 保证期间 保证合同 抵押权 抵押登记 抵押合同 留置 "
        "反担保 最高额抵押 流押 流质 典当 解押 解除抵押 追偿",
        4: "担保 保证责任 顺位 保证书 担保方式 抵押物 质押物 抵押贷款 扣着车 二押 直接过户 以房抵债 以物抵债 抵债 "
        "就归 归出借人 归债权人 当了担保 做担保 所有权保留 融资租赁",
        3: "优先受偿 拍卖 作保 担保书 不动产登记 车管所 主债务 扣着 修理费 汽修厂 变卖",
        2: "保人",
    },
    "general": {
        5: "法律援助 诉讼费 律师费",
        4: "请律师 民事起诉状 授权委托书 委托书 代理出庭 出庭 上诉 上诉期 二审 再审 缺席判决 传票 开庭 调解员 "
        "打官司 公证 管辖 民事诉讼 充值游戏 游戏充值 悄悄充值 打赏 民事行为能力 监护 宣告失踪 宣告死亡 一审 答辩状 "
        "上诉状 申诉 撤诉 反诉 证人证言 败诉 胜诉 诉讼费减免 糊涂 老年痴呆 精神病 无行为能力 限制行为能力 作废",
        3: "诉讼时效 答辩 证人 裁定",
        2: "调解协议 民事 起诉状 判决 调解 立案 诉讼 仲裁 标的",
        1.5: "法院 证据 律师",
        1: "法律 起诉 违法 合法 维权 权利 责任 赔偿 赔 告 纠纷",
    },
}

# Cues that need two kinds of word together: (domain, weight, groups); every group must match.
_DOMAIN_COMBOS: tuple[tuple[str, float, tuple[tuple[str, ...], ...]], ...] = (
    # 流押/流质: "not repaid -> the house/car becomes the lender's" is a security-interest question.
    ("security_interest", 6, (("不还", "逾期", "到期", "还不上"), ("归", "过户给", "抵债"), ("房", "车", "物"))),
    # A spouse's debt is a marriage question (夫妻共同债务).
    ("marriage_family", 4, (("老婆", "老公", "妻子", "丈夫", "前夫", "前妻"), ("借", "欠", "网贷", "债", "还"))),
    # 下班路上被撞 is first a 工伤 question.
    ("labor", 3, (("工伤",), ("撞", "车", "路上"))),
    # A seafarer's unpaid wages are maritime (船员工资, 扣船).
    ("maritime", 4, (("船员", "海员", "船"), ("工资", "欠", "扣"))),
    # 农民工/工人 wages on a project are construction.
    ("construction", 3, (("包工头", "工地", "工程", "项目"), ("工资", "欠", "工人", "工钱", "民工"))),
    # Client lists or technical data taken to a competitor: trade secrets (intellectual property).
    (
        "intellectual_property",
        3,
        (
            ("客户资料", "客户名单", "技术资料", "商业秘密", "图纸", "源代码", "配方"),
            ("带走", "带去", "带到", "拷走", "拷贝", "泄露", "竞争对手", "离职", "新公司"),
        ),
    ),
    # A foreign element makes it foreign even when the dispute is labor/marriage/injury/trade.
    (
        "foreign",
        5,
        (("外籍", "外国", "国外", "境外", "跨境", "涉外"), ("员工", "结婚", "离婚", "判决", "公司", "合同")),
    ),
    (
        "foreign",
        3,
        (
            ("美国", "日本", "韩国", "越南", "加拿大", "新加坡", "德国", "英国"),
            ("法院", "法律", "公司", "判决", "结婚", "离婚", "仲裁", "人"),
        ),
    ),
    # 房子被法院查封, 房子抵押 are property questions; 抵押 + 房 is security.
    ("security_interest", 2, (("抵押", "担保", "保证"), ("房", "车", "借", "贷款", "银行"))),
    # 公司 + a shareholder word is company law, not labor.
    ("company", 2, (("公司",), ("股东", "股权", "注册资本", "注销", "分红", "决议", "法定代表人", "担保"))),
    # 医院 + 摔倒/骨折 during a stay is a hospital's duty (medical).
    ("medical", 2, (("医院", "住院", "病房"), ("摔", "骨折", "护工", "感染", "去世"))),
    # 狗/宠物 + 咬: an animal's keeper (tort).
    ("tort", 2, (("狗", "猫", "宠物"), ("咬", "抓伤", "扑"))),
    # 孩子 + a school: injury at school (personal injury).
    ("personal_injury", 2, (("孩子", "学生"), ("学校", "幼儿园", "同学", "老师"))),
    # Consumer goods bought and broken or fake.
    ("consumer", 2, (("买的", "买了", "购买", "网购", "买到"), ("坏", "假", "过期", "质量", "赔三", "十倍", "虚假"))),
    # 车 + 撞/追尾: traffic.
    (
        "traffic_accident",
        2,
        (
            (
                "汽车",
                "货车",
                "轿车",
                "摩托",
                "电动车",
                "机动车",
                "开车",
                "司机",
                "车主",
                "出租车",
                "公交",
                "大巴",
                "卡车",
                "面包车",
                "小车",
                "私家车",
                "我的车",
                "对方车",
            ),
            ("撞", "追尾", "蹭", "事故", "碾"),
        ),
    ),
    # 罚款/处罚 from an authority is administrative.
    ("administrative", 2, (("罚款", "处罚", "罚了", "拘留"), ("局", "城管", "派出所", "政府", "交警", "决定"))),
    # A traffic police penalty (吊销驾照, 罚款, 扣分) is an administrative act.
    ("administrative", 4, (("吊销", "罚款", "扣分", "处罚", "暂扣"), ("交警", "驾照", "驾驶证", "车管所"))),
    # Compensation for land/house taken is demolition.
    ("demolition", 2, (("征", "拆"), ("补偿", "安置", "评估", "房"))),
)

# Regex cues: (domain, weight, pattern).
_DOMAIN_REGEXES: tuple[tuple[str, float, str], ...] = (
    # A minor's contract, purchase or top-up: capacity for civil conduct (general).
    (
        "general",
        4,
        r"(?:\d{1,2}|十[一二三四五六七八九]?|[一二三四五六七八九])岁[^，。？?]{0,8}(?:签|买|充值|打赏|合同|消费)",
    ),
    # A young child caused or suffered harm: guardians' liability (tort).
    ("tort", 3, r"(?:孩子|小孩|儿子|女儿|学生)[^，。]{0,3}\d{1,2}岁|\d{1,2}岁的(?:孩子|小孩)"),
    # N级伤残: a disability grade (personal injury).
    ("personal_injury", 4, r"[一二三四五六七八九十\d]{1,2}级伤残|伤残[一二三四五六七八九十\d]{1,2}级"),
    # 月息3分, 几分利: private lending interest (debt).
    ("debt", 3, r"月息[\d一二三四五六七八九]|[\d一二三四五六七八九]分利"),
    # 判了1年6个月, 判3年: a sentence (criminal).
    ("criminal", 3, r"判了?[\d一二三四五六七八九十]+年"),
)

# -- non-legal vocabulary --------------------------------------------------------------------------

# A meta request (translate this, write a poem about it) is non-legal whatever legal words it holds.
_NON_LEGAL_OVERRIDES = (
    "用英语怎么说 英文怎么说 用英文怎么说 英语怎么说 英文是什么 英语是什么 翻译成 帮我翻译 翻译一下 写一首 写首诗 "
    "冒泡排序 讲个笑话 讲笑话 菜谱"
).split()
_NON_LEGAL_WORDS: dict[float, str] = {
    6: " ".join(_NON_LEGAL_OVERRIDES),
    5: "周报 日报 月报 简历 文案 演讲稿 ppt 作业 论文 拍照 摄影 狗狗 狗粮 猫粮 不吃饭 高考 数学 提分 考试 推荐一款 "
    "推荐几款 哪款 生日礼物 祝福语 口语 请假条 你是谁 你能做什么 你叫什么 哪个好 性价比 iphone 华为 小米 手机推荐 "
    "等额本息 等额本金 天气 下雨 带伞 气温 电影 电视剧 综艺 笑话 诗 歌词 作文 python java javascript 代码 编程 "
    "excel 表格 sql 旅游 景点 攻略 高铁 机票 月供 股市 基金 理财 感冒 发烧 咳嗽 嗓子 吃什么药 头疼 减肥 失眠 红烧 "
    "做菜 好吃 推荐几部 推荐几本 食谱 菜 游戏攻略 你好 您好 早上好 晚上好 下午好 谢谢 再见 拜拜 公积金贷款 商业贷款 "
    "健身计划 星座 算命",
    3: "hello hi 在吗 好的 心情 路线 推荐 周末 玩 怎么做 排序 函数 公式 房贷 利率 翻译 英语 英文 度假 食物 吃什么 "
    "没别的问题",
}

# The words that make a message legal even when it also mentions food, weather or health.
_LEGAL_SIGNALS = (
    "法律 法院 起诉 律师 违法 合法 赔偿 补偿 责任 维权 权利 纠纷 协议 合同 罚 判 告 诉讼 仲裁 报警 索赔 "
    "投诉 侵权 有效吗 犯罪 违约 法规 条例 规定 证据 鉴定 事故 退款 退一赔三"
).split()

# Phrases replaced before matching, so a cue word inside them does not fire (偷 in 偷偷 is not theft).
_MASKS = {"偷偷": "悄悄"}

# -- intent cues -----------------------------------------------------------------------------------


def _any(*alternatives: str) -> str:
    """A regex alternation of the given patterns."""
    return "|".join(alternatives)


_DOC_NOUNS = _any(
    "起诉状",
    "诉状",
    "答辩状",
    "上诉状",
    "申请书",
    "协议书",
    "协议",
    "合同",
    "借条",
    "欠条",
    "收条",
    "遗嘱",
    "律师函",
    "催款函",
    "函",
    "委托书",
    "授权书",
    "投诉信",
    "举报信",
    "信",
    "谅解书",
    "保证书",
    "承诺书",
    "声明",
    "决议",
    "章程",
    "证明",
    "通知书",
    "通知",
    "意见书",
    "辞职信",
    "申请",
    "清单",
    "说明书",
    "状",
    "书",
)
_WRITE = r"(?:写|起草|草拟|拟定|拟|撰写|代写|出具)(?![着的了明有在过])(?:一下)?(?:一|个|份|张|封|篇){0,2}"
_LOOK = r"(?:看看|看下|看一下|瞧瞧|审一下|审下|审查|审核|把关|过一下|审一审|检查一下)"
_CONTRACT_DOC = r"(?:合同|协议|同意书|协议书)"
_HOW = r"(?:怎么|如何|怎样|去哪|在哪|到哪|哪里)"
_PROCEDURE_VERBS = _any(
    "申请",
    "办理",
    "起诉",
    "立案",
    "上诉",
    "投诉",
    "举报",
    "报案",
    "操作",
    "提起",
    "申报",
    "登记",
    "认定",
    "鉴定",
    "复核",
    "执行",
    "注册",
    "弄",
    "走",
    "做",
    "索赔",
    "告",
    "发",
    "寄",
    "递交",
    "实现",
    "查",
    "追偿",
    "反映",
    "送",
)
_CALC_VERBS = _any(
    "拿",
    "赔",
    "得",
    "给",
    "索赔",
    "主张",
    "分",
    "还",
    "交",
    "收",
    "补",
    "判",
    "退",
    "缴",
    "提",
    "扣",
    "付",
    "坐",
    "算",
    "拿到",
    "赔偿",
    "分摊",
    "承担",
    "负担",
    "支付",
    "缴纳",
    "补偿",
)

_INTENT_REGEXES: dict[str, tuple[tuple[float, str], ...]] = {
    "document_drafting": (
        (5, rf"{_WRITE}[^，。？?！!]{{0,14}}?(?:{_DOC_NOUNS})"),
        (4, _any("起草", "草拟", "代写", "拟一份", "拟个")),
        (3, _any("模板", "范本", "范文", "样本", "什么格式", "格式怎么写")),
        (4, rf"(?:{_DOC_NOUNS})[^，。？?]{{0,6}}(?:怎么写|如何写|怎样写|要写|该写)"),
        (3, _any("帮我写", "帮忙写", "给我写", "写一份", "写份", "写一封", "写个", "写一张")),
        (3, _any("要写哪些", "写哪些内容", "包括哪些内容")),
    ),
    "contract_review": (
        (5, rf"{_LOOK}[^，。？?]{{0,12}}?(?:合同|协议|条款|同意书|协议书|章程)"),
        (5, r"(?:合同|协议|条款|同意书)[^。？?]{0,24}(?:帮我|帮忙|请你?|你)(?:看看|看下|看一下|审|把关)"),
        (4, r"[“\"「『‘'][^”\"」』’']{4,}[”\"」』’']"),  # a quoted clause
        (
            3,
            _any(
                rf"(?:{_CONTRACT_DOC}|条款)(?:里|中|上)(?:写着|写的|写了|写|有一条|有个条款|规定|约定)",
                rf"{_CONTRACT_DOC}(?:写着|写的|有一条)",
            ),
        ),
        (3, _any("能签吗", "可以签吗", "该不该签", "要不要签", "能不能签", "签了有没有")),
        (2, _any("这条", "这个条款", "这样写", "该条款", "这种条款", "这份")),
        (
            2,
            _any(
                "有没有坑",
                "有没有漏洞",
                "有没有问题",
                "要不要改",
                "需不需要改",
                "怎么改",
                r"对我们?(?:有利|不利)",
                "有利吗",
                "不利吗",
                "公平吗",
                "合理吗",
            ),
        ),
    ),
    "calculation": (
        (3, rf"(?:{_CALC_VERBS})(?:我|你|他|她|回|到)?多少"),
        (3, r"(?:能|可以|应该|该|可)要(?:回|到)?多少"),
        (3, _any("按什么标准", "什么标准赔", "标准是多少", "怎么计", "如何计")),
        (3, _any("连本带息", "本息合计", "本金加利息")),
        (
            3,
            _any(
                r"(?:怎么|如何|怎样)(?:算|计算|核算|折算|折抵|分摊|分配|计|分)",
                "计算方法",
                "算一下",
                "算算",
                "帮我算",
                "怎么赔",
            ),
        ),
        (3, r"(?:金|费|款|钱|利息|数额|金额|赔偿|报酬)(?:是|有|为)多少"),
        (2, _any(r"按.{0,6}多少", "多少计算")),
        (
            2,
            _any(
                r"(?<!要)多少钱",
                "多少赔偿",
                r"赔偿.{0,4}多少",
                "大概多少",
                "一共多少",
                "总共多少",
                "还要坐多久",
                "多少利息",
            ),
        ),
        (1, _any(r"n\+1", r"n\+2", "2n", "双倍工资", "二倍工资", "违约金", "利息", "赔偿金", "补偿金")),
    ),
    "procedure_guidance": (
        (4, rf"{_HOW}[^，。？?]{{0,6}}?(?:{_PROCEDURE_VERBS})"),
        (4, _any("流程", "手续", "步骤")),
        (3, _any("怎么走", "走什么", "办什么", "要办", "需要办", "程序怎么", "下一步", "该干什么", "该做什么")),
        (
            4,
            _any(
                r"(?:需要|要|该|得)?(?:准备|带|提交|提供)(?:什么|啥|哪些)(?:材料|资料|证据|手续|东西|证件)?",
                r"(?:什么|哪些)材料",
                "哪些证据",
            ),
        ),
        (
            3,
            _any(
                "哪个法院",
                "哪个部门",
                "哪个机关",
                "哪一级法院",
                "去哪",
                "去哪里",
                "在哪里",
                "哪里办",
                "向谁",
                "向哪里",
                "哪儿",
                "哪里申请",
                "哪里起诉",
                "哪里反映",
            ),
        ),
        (2, r"去(?:法院|仲裁委?|派出所|劳动局|人社局|民政局|海事法院)"),
        (3, _any(r"(?:多少|几)天内", "多久内", "期限内", "时限", "多长时间内", "多少天之内")),
        (2, _any(r"先.{1,12}还是", "还是直接", "报警还是")),
        (
            2.5,
            _any("怎么办", "咋办", "如何是好", "怎么处理", "该怎么做", "怎么维权", "如何维权", "怎么追讨", "怎么要回"),
        ),
        (1.5, _any("申请", "强制执行", "找谁")),
        (2, "具体怎么"),
    ),
    "qa_retrieval": (
        (
            4,
            _any(
                "是什么",
                "什么意思",
                "啥意思",
                "什么是",
                "含义",
                "定义",
                "区别",
                "有什么不同",
                "有何不同",
                "指的是",
                "啥是",
            ),
        ),
        (
            2,
            _any(
                r"(?:是|有)?多久(?!内)",
                r"多长时间(?!内)",
                "多少年",
                "几年",
                r"多少天(?!内|之内)",
                r"几天(?!内)",
                "多少个月",
                "多少小时",
            ),
        ),
        (3, _any("最多", "最高", "最长", "上限", "至少", "最少", "最低", "多少才", "才够", "够立案")),
        (
            2,
            _any(
                r"哪些(?!流程|材料|手续|证据|资料|步骤)",
                "什么情况下",
                "哪种情况",
                "条件",
                "怎么处罚",
                "如何处罚",
                "会受到",
            ),
        ),
        (
            1.5,
            _any(
                "法律规定",
                "法律上",
                "按照法律",
                "按法律",
                "规定",
                r"(?<!这)合法吗",
                r"(?<!这)违法吗",
                "是否合法",
                "受法律保护",
                "有没有补偿",
                "有补偿吗",
            ),
        ),
        (1.5, _any("有效吗", "有没有效", "法律效力", "还有效吗", "算数吗")),
        (1, _any("能不能", "可不可以", "可以吗", "能吗", "是否", "需不需要", "要不要", "一般")),
    ),
    "case_analysis": (
        (
            2,
            _any(
                "算不算",
                "属不属于",
                "构不构成",
                "构成",
                "是不是",
                "会不会",
                "会判",
                "会坐牢",
                "有没有责任",
                r"要不要(?:承担|负责|赔|还|退|负)",
                "谁来?负责",
                "谁来赔",
                "谁赔",
                "找谁赔",
                "能找谁",
                "起诉谁",
                "告谁",
                r"还能.{0,8}吗",
                "能要回",
                "要回来",
                "能撤销",
                "能不退",
                "有没有我的份",
                "能行吗",
                "还要承担吗",
                "全还吗",
                "承担吗",
                "要不要负责",
                "可以不",
                "能不能要",
            ),
        ),
        (2, r"能(?:退|赔|要|拿|主张|索赔|要求|追回|撤销|申请)[^，。？?]{0,10}吗"),
        (1.5, r"能(?:告|起诉)[^，。？?]{0,10}吗"),
        (1.5, _any("什么责任", "哪些责任", "责任在谁", "谁的责任")),
        (1, _any("怎么办", "咋办", "怎么维权", "该怎么")),
        (2, _any(r"这(?:合法|违法|算|种情况|个情况|样)", "这程序")),
        (1, _any("合法吗", "违法吗", "有没有法律")),
        (1, _any(r"我(?:能|可以|还能|该|要|想)", r"我们(?:能|可以|还能)")),
    ),
}

_NARRATIVE_ACTORS = re.compile(
    r"我|俺|对方|他|她|老板|公司|单位|房东|商家|卖家|老公|老婆|前夫|朋友|邻居|儿子|女儿|孩子|爸|妈|同事|某"
)
_NARRATIVE_EVENTS = re.compile(r"了|被|把|过|没有|没给|不给|不让|不肯|不认|却|结果|后来|现在|当时|说|让|一直|已经|就")
_ENDS_WITH_HOW_MUCH = re.compile(r"多少[钱元块]?[？?。！!]*$")

# -- compiled tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Lexicon:
    by_word: dict[str, tuple[tuple[str, float], ...]]
    lengths: tuple[int, ...]


def _build_lexicon() -> _Lexicon:
    table: dict[str, dict[str, float]] = {}
    for domain, levels in _DOMAIN_WORDS.items():
        for weight, words in levels.items():
            for word in words.split():
                current = table.setdefault(word.lower(), {})
                current[domain] = max(current.get(domain, 0.0), float(weight))
    for weight, words in _NON_LEGAL_WORDS.items():
        for word in words.split():
            current = table.setdefault(word.lower(), {})
            current[NON_LEGAL] = max(current.get(NON_LEGAL, 0.0), float(weight))
    by_word = {word: tuple(sorted(weights.items())) for word, weights in table.items()}
    return _Lexicon(by_word=by_word, lengths=tuple(sorted({len(word) for word in by_word})))


_LEXICON = _build_lexicon()
_SUBJECT_DOMAINS = tuple(d for d in DOMAINS if d not in ("contract", GENERAL, NON_LEGAL))
#: Factor of the 1st, 2nd, 3rd … strongest word of a domain (see _diminishing).
_RANK_FACTORS = (1.0, 0.7, 0.5, 0.35)
_INTENT_PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (intent, float(weight), re.compile(pattern))
    for intent, rules in _INTENT_REGEXES.items()
    for weight, pattern in rules
)
_DOMAIN_PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (domain, float(weight), re.compile(pattern)) for domain, weight, pattern in _DOMAIN_REGEXES
)
_LEGAL_SIGNAL_RE = re.compile("|".join(re.escape(word) for word in _LEGAL_SIGNALS))
_MASK_RE = re.compile("|".join(re.escape(word) for word in _MASKS))
_EXTRA_TYPOS = {"欠调": "欠条", "派谴": "派遣", "律师涵": "律师函", "起诉装": "起诉状", "拆签": "拆迁", "社宝": "社保"}
_EXTRA_TYPO_RE = re.compile("|".join(re.escape(word) for word in _EXTRA_TYPOS))

# -- result ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunnerUp:
    domain: str
    intent: str
    score: float


@dataclass(frozen=True)
class RuleDecision:
    """Layer 1's decision. ``domain``/``intent`` are what to route to: the rules' guess when
    ``decided``, else general/qa_retrieval. ``guess_domain``/``guess_intent`` always hold the
    rules' best guess (a hint for layer 2). ``confidence`` = P(guess_domain) × P(guess_intent)."""

    domain: str
    intent: str
    confidence: float
    decided: bool
    reason: str
    guess_domain: str
    guess_intent: str
    domain_confidence: float
    intent_confidence: float
    runner_up: RunnerUp
    domain_scores: dict[str, float] = field(default_factory=dict)
    intent_scores: dict[str, float] = field(default_factory=dict)
    cues: tuple[str, ...] = ()
    entities: Entities = field(default_factory=Entities)

    @property
    def domain_label(self) -> str:
        return DOMAINS[self.domain]

    def to_dict(self) -> dict[str, Any]:
        return {
            "domain": self.domain,
            "domain_label": self.domain_label,
            "intent": self.intent,
            "confidence": round(self.confidence, 4),
            "decided": self.decided,
            "layer": "rule",
            "reason": self.reason,
            "guess": {"domain": self.guess_domain, "intent": self.guess_intent},
            "runner_up": {
                "domain": self.runner_up.domain,
                "intent": self.runner_up.intent,
                "score": round(self.runner_up.score, 4),
            },
            "domain_scores": {k: round(v, 2) for k, v in self.domain_scores.items() if v},
            "intent_scores": {k: round(v, 2) for k, v in self.intent_scores.items() if v},
            "cues": list(self.cues),
            "entities": self.entities.to_dict(),
        }


# -- scoring ---------------------------------------------------------------------------------------


def normalize(text: str) -> str:
    """Lower-case, half-width, whitespace collapsed, common typos fixed (劳动和同 → 劳动合同)."""
    s = normalize_query(text[:MAX_CHARS])
    s = _EXTRA_TYPO_RE.sub(lambda m: _EXTRA_TYPOS[m.group(0)], s)
    return _MASK_RE.sub(lambda m: _MASKS[m.group(0)], s)


def _matched_words(s: str) -> set[str]:
    """The lexicon words occurring in ``s`` and not inside a longer matched word (债权人, not also 债权).

    Substring lookup: O(len(s) × distinct word lengths), longest lengths first.
    """
    by_word = _LEXICON.by_word
    n = len(s)
    covered_by: list[int] = [0] * n  # per position: end of the longest match covering it so far
    spans: list[tuple[int, int, str]] = []
    for length in reversed(_LEXICON.lengths):
        for start in range(n - length + 1):
            piece = s[start : start + length]
            if piece in by_word:
                end = start + length
                if covered_by[start] >= end:
                    continue  # inside a longer word already matched
                spans.append((start, end, piece))
                for pos in range(start, end):
                    covered_by[pos] = max(covered_by[pos], end)
    return {piece for _, _, piece in spans}


def _score_domains(s: str, cues: list[str]) -> dict[str, float]:
    weights: dict[str, list[float]] = {domain: [] for domain in DOMAINS}
    for word in sorted(_matched_words(s)):
        for domain, weight in _LEXICON.by_word[word]:
            weights[domain].append(weight)
            cues.append(f"{domain}:{word}")
    scores = {domain: _diminishing(found) for domain, found in weights.items()}
    if max(scores[domain] for domain in _SUBJECT_DOMAINS) >= 4:
        # 合同/违约/定金 are the legal form of a dispute whose subject (a house, a job, a loan) names
        # the domain; general procedure words (法院, 起诉) likewise. Their defining words (weight 5:
        # 合同纠纷, 诉讼费) keep their weight.
        for domain in ("contract", GENERAL):
            scaled = [w if w >= 5 else w * RESIDUAL_FACTOR for w in weights[domain]]
            scores[domain] = _diminishing(scaled)
    scores[GENERAL] += GENERAL_PRIOR  # with no cue at all, general wins (still below the threshold)
    for domain, weight, pattern in _DOMAIN_PATTERNS:
        match = pattern.search(s)
        if match:
            scores[domain] += weight
            cues.append(f"{domain}:~{match.group(0)}")
    for domain, weight, groups in _DOMAIN_COMBOS:
        if all(any(word in s for word in group) for group in groups):
            scores[domain] += weight
            cues.append(f"{domain}:+{'&'.join(group[0] for group in groups)}")
    legal_total = sum(v for k, v in scores.items() if k not in (NON_LEGAL, GENERAL))
    if scores[NON_LEGAL]:
        if any(word in s for word in _NON_LEGAL_OVERRIDES):
            # “合同违约”用英语怎么说: the legal words are the object of a non-legal request.
            scores[NON_LEGAL] = max(scores[NON_LEGAL], max(scores.values()) + 4.0)
            cues.append("non_legal:+override")
        elif _LEGAL_SIGNAL_RE.search(s):
            scores[NON_LEGAL] *= 0.35  # food, weather or health words next to 赔偿/起诉 fade
        elif legal_total < 3:
            scores[NON_LEGAL] += 2.0
    elif legal_total == 0 and scores[GENERAL] <= GENERAL_PRIOR and not _LEGAL_SIGNAL_RE.search(s):
        # Not one legal word: most likely small talk, but too weak to decide on (NO_CUE_SCORE).
        scores[NON_LEGAL] = NO_CUE_SCORE
        cues.append("non_legal:+no_legal_cue")
    return scores


def _diminishing(weights: list[float]) -> float:
    """Sum with diminishing returns: one decisive word outweighs a pile of weak ones."""
    total = 0.0
    for rank, weight in enumerate(sorted(weights, reverse=True)):
        total += weight * _RANK_FACTORS[min(rank, len(_RANK_FACTORS) - 1)]
    return total


def _score_intents(s: str, entities: Entities, cues: list[str]) -> dict[str, float]:
    scores = dict.fromkeys(LEGAL_INTENTS, 0.0)
    scores[QA_RETRIEVAL] = 1.0  # a plain question with no other cue is a question about the law
    for intent, weight, pattern in _INTENT_PATTERNS:
        match = pattern.search(s)
        if match:
            scores[intent] += weight
            cues.append(f"intent:{intent}:{match.group(0)[:16]}")
    # Entity cues: figures make a 多少/怎么算 question a calculation; facts make it a case.
    has_figures = bool(entities.amounts or entities.durations)
    if has_figures and scores["calculation"] >= 3:
        scores["calculation"] += 2.0
        cues.append("intent:calculation:figures")
    elif has_figures and _ENDS_WITH_HOW_MUCH.search(s):
        scores["calculation"] += 3.0  # figures given, and the message ends asking 多少
        cues.append("intent:calculation:figures+多少")
    if scores["qa_retrieval"] >= 4 and scores["calculation"] > 0:
        scores["calculation"] -= 2.0  # 最多能赔多少: a statutory limit, not a sum to compute
    # A story (someone did something, with facts) asks for the analysis of a case.
    narrative = 0.0
    if _NARRATIVE_EVENTS.search(s):
        narrative += 1.0
        if _NARRATIVE_ACTORS.search(s):
            narrative += 0.5
    if len(s) >= 28:
        narrative += 1.0
    fact_groups = (entities.persons, entities.amounts, entities.dates, entities.durations, entities.locations)
    facts = sum(bool(group) for group in fact_groups)
    narrative += min(facts, 3) * 0.5
    if narrative:
        scores["case_analysis"] += narrative
        cues.append(f"intent:case_analysis:narrative={narrative:g}")
        if scores["procedure_guidance"] >= 2.5:
            # "…怎么办" after a story asks for next steps: the story supports both readings.
            scores["procedure_guidance"] += narrative * NARRATIVE_TO_PROCEDURE
    if narrative < 1.5:
        scores[QA_RETRIEVAL] += 1.5  # no story: a general question
    if scores["document_drafting"] >= 5:
        scores["case_analysis"] -= 1.5  # the facts are material for the document, not a question
    if scores["contract_review"] >= 5:
        scores["case_analysis"] -= 1.0
    return scores


def _softmax(scores: dict[str, float], temperature: float) -> dict[str, float]:
    top = max(scores.values())
    exps = {k: math.exp((v - top) / temperature) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}


def _ranked(probs: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(probs.items(), key=lambda item: (-item[1], item[0]))


def classify(text: str, *, today: date | None = None, threshold: float = THRESHOLD) -> RuleDecision:
    """Score every domain and intent of ``text``; decide at ``confidence >= threshold``."""
    s = normalize(text or "")
    entities = extract_entities(text or "", today=today)
    cues: list[str] = []
    if not s.strip():
        return _fallback_empty(entities)
    domain_scores = _score_domains(s, cues)
    intent_scores = _score_intents(s, entities, cues)
    domain_probs = _softmax(domain_scores, DOMAIN_TEMPERATURE)
    ranked_domains = _ranked(domain_probs)
    best_domain, p_domain = ranked_domains[0]
    second_domain, p_second_domain = ranked_domains[1]
    if best_domain == NON_LEGAL:
        best_intent, p_intent = NON_LEGAL_INTENT, 1.0
        runner_intent = _ranked(_softmax(intent_scores, INTENT_TEMPERATURE))[0][0]
        runner_up = RunnerUp(second_domain, runner_intent, p_second_domain)
    else:
        intent_probs = _softmax(intent_scores, INTENT_TEMPERATURE)
        ranked_intents = _ranked(intent_probs)
        best_intent, p_intent = ranked_intents[0]
        second_intent, p_second_intent = ranked_intents[1]
        alt_domain = (second_domain, NON_LEGAL_INTENT if second_domain == NON_LEGAL else best_intent)
        alt_domain_score = p_second_domain * (1.0 if second_domain == NON_LEGAL else p_intent)
        alt_intent_score = p_domain * p_second_intent
        if alt_domain_score >= alt_intent_score:
            runner_up = RunnerUp(alt_domain[0], alt_domain[1], alt_domain_score)
        else:
            runner_up = RunnerUp(best_domain, second_intent, alt_intent_score)
    confidence = p_domain * p_intent
    decided = confidence >= threshold
    label = f"{DOMAINS[best_domain]}/{best_intent}"
    if decided:
        domain, intent = best_domain, best_intent
        reason = f"规则判定：{label}，置信度 {confidence:.2f} ≥ {threshold:.2f}"
    else:
        domain, intent = GENERAL, QA_RETRIEVAL
        reason = (
            f"规则置信度 {confidence:.2f} < {threshold:.2f}（最可能：{label}；"
            f"次选：{DOMAINS[runner_up.domain]}/{runner_up.intent}），回退到综合咨询/qa_retrieval"
        )
    return RuleDecision(
        domain=domain,
        intent=intent,
        confidence=confidence,
        decided=decided,
        reason=reason,
        guess_domain=best_domain,
        guess_intent=best_intent,
        domain_confidence=p_domain,
        intent_confidence=p_intent,
        runner_up=runner_up,
        domain_scores=domain_scores,
        intent_scores=intent_scores,
        cues=tuple(cues),
        entities=entities,
    )


def _fallback_empty(entities: Entities) -> RuleDecision:
    return RuleDecision(
        domain=GENERAL,
        intent=QA_RETRIEVAL,
        confidence=0.0,
        decided=False,
        reason="空消息：回退到综合咨询/qa_retrieval",
        guess_domain=GENERAL,
        guess_intent=QA_RETRIEVAL,
        domain_confidence=0.0,
        intent_confidence=0.0,
        runner_up=RunnerUp(GENERAL, QA_RETRIEVAL, 0.0),
        domain_scores=dict.fromkeys(DOMAINS, 0.0),
        intent_scores=dict.fromkeys(LEGAL_INTENTS, 0.0),
        cues=(),
        entities=entities,
    )
